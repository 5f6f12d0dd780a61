import { encodePng, newRgba } from "../../src/media/png.ts";

/**
 * A loopback stand-in for an OpenAI-compatible image endpoint that holds every request until the test
 * opens a gate naming a word of its prompt. With `provider: openai-images` pointed at it, texture, item
 * and icon jobs finish exactly when the test says so: no sleeps, no races on how fast a generator is.
 */
export interface HeldProvider {
  url: string;
  /** Prompts received so far (the server's full wording, which contains the caller's prompt). */
  prompts: string[];
  /** Answers, now and from now on, every request whose prompt contains `word`: a picture, or a failure. */
  open(word: string, outcome?: "picture" | "fail"): void;
  /** Resolves once a request whose prompt contains `word` has arrived (so its job is surely running). */
  arrived(word: string): Promise<void>;
  close(): void;
}

/** A 64x64 picture: a dark disc on a light background, so sprite cut-out and block downscale both have work. */
function picture(): string {
  const img = newRgba(64, 64);
  for (let y = 0; y < 64; y++)
    for (let x = 0; x < 64; x++) {
      const inside = (x - 32) ** 2 + (y - 32) ** 2 < 24 ** 2;
      img.data.set(inside ? [120, 40, 30, 255] : [235, 235, 235, 255], (y * 64 + x) * 4);
    }
  return Buffer.from(encodePng(img)).toString("base64");
}

export function startHeldProvider(): HeldProvider {
  const gates = new Map<string, "picture" | "fail">();
  const waiting: { prompt: string; answer: (r: Response) => void }[] = [];
  const arrivals: { word: string; resolve: () => void }[] = [];
  const prompts: string[] = [];
  const png = picture();

  const respond = (outcome: "picture" | "fail") =>
    outcome === "fail"
      ? new Response(JSON.stringify({ error: { message: "the stand-in provider was told to fail" } }), { status: 500 })
      : Response.json({ data: [{ b64_json: png }] });
  const gateFor = (prompt: string) => [...gates.entries()].find(([word]) => prompt.includes(word))?.[1];

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 0,
    async fetch(request) {
      const { prompt } = (await request.json()) as { prompt: string };
      prompts.push(prompt);
      for (const a of arrivals.filter((a) => prompt.includes(a.word))) a.resolve();
      const outcome = gateFor(prompt);
      if (outcome) return respond(outcome);
      return new Promise<Response>((answer) => waiting.push({ prompt, answer }));
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    prompts,
    open(word, outcome = "picture") {
      gates.set(word, outcome);
      for (const w of waiting.filter((w) => w.prompt.includes(word))) {
        waiting.splice(waiting.indexOf(w), 1);
        w.answer(respond(outcome));
      }
    },
    arrived(word) {
      if (prompts.some((p) => p.includes(word))) return Promise.resolve();
      return new Promise((resolve) => arrivals.push({ word, resolve }));
    },
    close() {
      for (const w of waiting.splice(0)) w.answer(respond("fail"));
      server.stop(true);
    },
  };
}

/** Settings for a test server whose texture/item/icon jobs go to the held provider. */
export const heldSettings = (provider: HeldProvider, workers = 6) => ({
  provider: "openai-images",
  "provider-url": provider.url,
  workers: String(workers),
});
