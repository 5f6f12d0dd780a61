/**
 * Sketch flavours over the API: a legend entry's `effects` and a flavour the prompt says of a legend part are
 * accepted on items, icons and textures, reported in the answer's interpretation, drawn (the decoded PNG differs
 * from the sketch without them), and give the same bytes through REST and MCP; a legend effect that is none is
 * invalid_request with nothing charged; the vocabulary lists the effects a legend entry may take.
 */
import { describe, expect, test } from "bun:test";
import { generationSession } from "../../support/generation-session.ts";
import { credits, waitJob } from "../../support/jobs.ts";
import { toolErrorCode, toolOk } from "../../support/mcp.ts";
import { expectRefused, fileOf, generate } from "../../support/generation.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { sketchProblem } from "../../../src/gen/art/sketch.ts";

const session = generationSession("flavoured-sketcher", "Flavoured sketches", 100);

const plain = {
  grid: ["....R", "...R.", "GGR..", ".H...", "H...."],
  legend: { R: { part: "blade", material: "iron" }, G: { part: "guard", material: "gold" }, H: { colour: "brown" } },
};
const flavoured = { ...plain, legend: { ...plain.legend, G: { ...plain.legend.G, effects: ["glowing"] } } };

const kindOf = (endpoint: string) => (endpoint === "icons" ? "font" : "texture");

describe("sketch flavours over the API", () => {
  test("legend effects and a part's flavour are reported, drawn, and the same through REST and MCP", async () => {
    const cases: [string, "items" | "icons" | "textures", Record<string, unknown>][] = [
      ["generate_item", "items", { prompt: "a dagger with a rusty blade", size: 16 }],
      ["generate_icon", "icons", { prompt: "a dagger with a rusty blade", height: 10 }],
      [
        "generate_texture",
        "textures",
        { prompt: "a tile with a rusty blade", size: 16, mode: "custom", description: "a tile with a rusty blade" },
      ],
    ];
    for (const [tool, endpoint, body] of cases) {
      const rest = await generate(session.ts, session.me.key, session.pack, endpoint, {
        ...body,
        name: `${endpoint} f rest`,
        seed: 3,
        sketch: flavoured,
      });
      expect(rest.status).toBe(202);
      expect(rest.body.interpretation.parts).toContainEqual({ part: "blade", effects: ["rusty"] });
      const mcp = await toolOk(session.client, tool, {
        ...body,
        pack: session.pack,
        name: `${endpoint} f mcp`,
        seed: 3,
        sketch: flavoured,
      });
      const bare = await generate(session.ts, session.me.key, session.pack, endpoint, {
        ...body,
        prompt: String(body.prompt).replace("rusty ", ""),
        ...(body.description ? { description: String(body.description).replace("rusty ", "") } : {}),
        name: `${endpoint} bare`,
        seed: 3,
        sketch: plain,
      });
      for (const job of [rest.body.job, mcp.job, bare.body.job]) await waitJob(session.ts, session.me.key, job, 30_000);
      const [a, b, c] = await Promise.all(
        [rest.body.id, mcp.id, bare.body.id].map((id) =>
          fileOf(session.ts, session.me.key, session.pack, kindOf(endpoint), id),
        ),
      );
      expect({ tool, same: Buffer.from(a).equals(Buffer.from(b)) }).toEqual({ tool, same: true });
      const [x, y] = [decodePng(a), decodePng(c)];
      expect([x.width, x.height]).toEqual([y.width, y.height]);
      expect({ tool, differs: !Buffer.from(x.data).equals(Buffer.from(y.data)) }).toEqual({ tool, differs: true });
    }
  });

  test("a legend effect that is no effect is invalid_request, named in the message, and charges nothing", async () => {
    const before = await credits(session.ts, session.me.id);
    const bad = { ...plain, legend: { ...plain.legend, R: { ...plain.legend.R, effects: ["sparkly-ish"] } } };
    expectRefused(
      await generate(session.ts, session.me.key, session.pack, "items", { prompt: "dagger", sketch: bad }),
      /'sparkly-ish'/,
    );
    const tiny = { ...plain, legend: { ...plain.legend, R: { ...plain.legend.R, effects: ["tiny"] } } };
    expectRefused(
      await generate(session.ts, session.me.key, session.pack, "textures", {
        prompt: "t",
        size: 16,
        mode: "custom",
        description: "t",
        sketch: tiny,
      }),
      /'tiny' is no effect/,
    );
    expect(
      await toolErrorCode(session.client, "generate_icon", { pack: session.pack, prompt: "x", name: "x", sketch: bad }),
    ).toBe("invalid_request");
    expect(await credits(session.ts, session.me.id)).toEqual(before);
  });

  test("the vocabulary lists the effects a legend entry may take, and each is taken", async () => {
    const v = (await (await session.ts.call("GET", "/v1/vocabulary?kind=item", { key: session.me.key })).json()) as any;
    expect(v.sketch.effects).toEqual(expect.arrayContaining(["rusty", "glowing", "frozen", "bloody"]));
    expect(v.sketch.effects).not.toContain("tiny");
    for (const effect of v.sketch.effects as string[])
      expect({
        effect,
        problem: sketchProblem({ ...plain, legend: { R: { colour: "red", effects: [effect] } }, grid: ["R"] }),
      }).toEqual({
        effect,
        problem: null,
      });
  });
});
