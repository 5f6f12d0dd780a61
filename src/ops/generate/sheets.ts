import { Type } from "@sinclair/typebox";
import { generationInput, generationOp } from "./accept.ts";
import { nameFrom } from "../../core/assets.ts";
import { GUI_TARGETS } from "../../gen/gui.ts";

export const generateGuiOp = generationOp({
  name: "generate_gui",
  cost: "gui",
  examples: [
    {
      summary: "A themed furnace screen",
      value: { pack: "castle-pack", prompt: "dark oak with brass trim", target: "furnace" },
    },
  ],
  path: "/packs/{pack}/guis",
  summary: "Generate a container GUI sheet",
  description: `Starts generating a 256x256 container screen sheet (stored as texture gui:<target>) themed by the prompt, with slots, arrows and text areas at the vanilla coordinates so clicks still line up. target is one of: ${GUI_TARGETS.join(", ")}. Costs gui credits. Next: wait_for_job.`,
  input: generationInput({
    target: Type.Union(
      GUI_TARGETS.map((t) => Type.Literal(t)),
      { description: "Vanilla container screen." },
    ),
  }),
  conflict: true,
  run(_ctx, input, accept) {
    return accept(input, () => ({
      kind: "texture",
      type: "gui",
      name: `gui:${input.target}`,
      reskin: true,
      target: input.target,
      displayName: input.name ?? null,
      task: (seed, style) => ({ op: "gui", req: { prompt: input.prompt, target: input.target, seed, style } }),
    }));
  },
});

export const generateHudOp = generationOp({
  name: "generate_hud",
  cost: "hud",
  examples: [
    { summary: "A frosty HUD", value: { pack: "castle-pack", prompt: "icy blue hearts and a frosted hotbar" } },
  ],
  path: "/packs/{pack}/huds",
  summary: "Generate a HUD sheet",
  description:
    "Starts generating one HUD sheet (hearts in every state, food, armour, air, hotbar and selection, crosshair, experience bar) themed by the prompt, stored as texture hud:<name>; export writes it as legacy icons/widgets sheets or as 1.20.2+ sprites for the pack's version. Costs hud credits. Next: wait_for_job.",
  input: generationInput({}),
  run(_ctx, input, accept) {
    return accept(input, () => ({
      kind: "texture",
      type: "hud",
      name: `hud:${nameFrom(input.name ?? "hud", "hud")}`,
      displayName: input.name ?? null,
      task: (seed, style) => ({ op: "hud", req: { prompt: input.prompt, seed, style } }),
    }));
  },
});
