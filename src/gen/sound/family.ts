/**
 * What a sound family is: the words that pick it, its natural length, and how to render it.
 * The generator picks one family per request (choose.ts) and renders it into a mono buffer.
 */
import type { Rng } from "../rng.ts";
import type { Buf } from "./dsp.ts";
import type { Material } from "./material.ts";

export interface RenderContext {
  rng: Rng;
  /** Buffer length in samples (duration × SAMPLE_RATE). */
  n: number;
  seconds: number;
  /** The surface named by the prompt or event (stone, wood, glass…); families that have none ignore it. */
  material: Material;
}

export interface SoundFamily {
  id: string;
  /** Prompt or event words that select this family; a word also matches its plurals and -ing forms. */
  words: string[];
  /** Length used when the request gives none, in seconds. */
  seconds: number;
  /** Peak level in dBFS after normalisation: -1 for effects, lower for beds that play under them. */
  peakDb: number;
  render(ctx: RenderContext): Buf;
}
