import { Type } from "@sinclair/typebox";
import { generationInput, generationOp } from "./accept.ts";
import { checkSoundEvent } from "../../pack/sound-event.ts";
import { SOUND_DURATION } from "../../gen/sound.ts";
import { SoundCategory } from "../../files/prepare/fields.ts";

export const generateSoundOp = generationOp({
  name: "generate_sound",
  cost: "sound",
  examples: [
    {
      summary: "Replace the experience pickup sound",
      value: {
        pack: "castle-pack",
        prompt: "bright coin pickup chime",
        event: "entity.experience_orb.pickup",
        durationSeconds: 0.5,
      },
    },
  ],
  path: "/packs/{pack}/sounds",
  summary: "Generate a sound effect",
  description: `Starts synthesising a sound effect (hits, pickups, coins, explosions, jumps, clicks, power-ups, magic, footsteps and block breaking by material, doors, water/lava, mob-like calls) as mono 44.1 kHz Ogg Vorbis. event is a vanilla sound event to replace (e.g. entity.player.hurt) or a custom namespace:name event; durationSeconds ${SOUND_DURATION.min} to ${SOUND_DURATION.max}. Costs sound credits. Next: wait_for_job.`,
  input: generationInput({
    event: Type.String({ minLength: 1, maxLength: 200 }),
    category: Type.Optional(SoundCategory),
    durationSeconds: Type.Optional(Type.Number({ minimum: SOUND_DURATION.min, maximum: SOUND_DURATION.max })),
  }),
  run(_ctx, input, accept) {
    const { event, replacesVanilla } = checkSoundEvent(input.event);
    return accept(input, () => ({
      kind: "sound",
      type: "sound",
      name: event,
      displayName: input.name ?? null,
      target: replacesVanilla ? event : null,
      meta: {
        event,
        category: input.category ?? null,
        replacesVanilla,
        durationSeconds: input.durationSeconds ?? null,
      },
      task: (seed) => ({
        op: "sound",
        req: { prompt: input.prompt, event, category: input.category, durationSeconds: input.durationSeconds, seed },
      }),
    }));
  },
});
