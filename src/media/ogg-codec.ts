/**
 * The wasm Ogg Vorbis encoder and decoder, in a module of their own so that media/ogg.ts loads them on the
 * first sound it encodes or decodes: their inlined wasm is among the costliest modules to evaluate, and a
 * server start should not pay for it (bench/start.ts).
 */
import { OggVorbisDecoder, OggVorbisDecoderWebWorker } from "@wasm-audio-decoders/ogg-vorbis";

export { createOggEncoder } from "wasm-media-encoders";
export { OggVorbisDecoder };

/**
 * The compiled `bun build --compile` binary fails at start unless this class stays referenced
 * (DESIGN.md); exporting it keeps the minifier from dropping it. We decode on the calling thread.
 */
export const keepWorkerDecoderForCompiledBuild = OggVorbisDecoderWebWorker;
