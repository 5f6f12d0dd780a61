import type { ProviderSettings, Task } from "../task.ts";
import type { Rgba } from "../../media/png.ts";
import { decodePng } from "../../media/png-decode.ts";
import { toPackArt } from "./postprocess.ts";

/**
 * The `openai-images` provider: asks any OpenAI-compatible image endpoint for a picture, then turns it
 * into pack-ready art (postprocess.ts: downscale, palette reduction, exact tiling, transparent sprites).
 * One call per job, bounded by the per-call time limit; any failure fails the job (and so refunds).
 */
export async function imageFromProvider(task: Task, provider: ProviderSettings): Promise<Rgba> {
  const { kind, size, prompt } = describe(task);
  let res: Response;
  try {
    res = await fetch(provider.baseUrl.replace(/\/$/, "") + "/images/generations", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(provider.apiKey ? { authorization: `Bearer ${provider.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: provider.model, prompt, n: 1, size: "1024x1024", response_format: "b64_json" }),
      signal: AbortSignal.timeout(provider.callTimeoutMs),
    });
  } catch (e) {
    const timedOut = (e as Error).name === "TimeoutError";
    throw new Error(
      timedOut
        ? `the image provider did not answer within ${provider.callTimeoutMs / 1000} s`
        : `the image provider could not be reached: ${(e as Error).message}`,
    );
  }
  if (!res.ok)
    throw new Error(`the image provider answered ${res.status}: ${(await res.text().catch(() => "")).slice(0, 200)}`);
  const body = (await res.json().catch(() => null)) as { data?: { b64_json?: string }[] } | null;
  const b64 = body?.data?.[0]?.b64_json;
  if (!b64) throw new Error("the image provider's answer held no image (expected data[0].b64_json)");
  const picture = decodePng(Buffer.from(b64, "base64"), { maxEdge: 4096 });
  return toPackArt(picture, { kind, size });
}

function describe(task: Task): { kind: "block" | "item" | "icon"; size: number; prompt: string } {
  const style = task.req.style?.palette.length
    ? ` Use mainly these colours: ${task.req.style.palette.join(", ")}.`
    : "";
  switch (task.op) {
    case "texture":
      return {
        kind: "block",
        size: task.req.size,
        prompt: `Minecraft-style seamless tiling block texture, flat, top-left lighting, pixel art: ${task.req.prompt}.${style}`,
      };
    case "item":
      return {
        kind: "item",
        size: task.req.size,
        prompt: `Minecraft-style item sprite, pixel art, single object centred on a plain background: ${task.req.prompt}.${style}`,
      };
    case "icon":
      return {
        kind: "icon",
        size: task.req.height ?? 9,
        prompt: `Tiny bold pixel-art icon, single symbol on a plain background: ${task.req.prompt}.${style}`,
      };
    default:
      throw new Error(`the image provider does not make ${task.op} assets`);
  }
}
