import { ApiError, DomainError } from "../../core/errors.ts";
import { prepareSoundUpload, AudioError } from "../../media/audio.ts";
import { checkSoundEvent } from "../../pack/sound-event.ts";
import type { PreparedAsset } from "./types.ts";
import type { UploadFields } from "./fields.ts";

/** Sounds: Ogg Vorbis kept as sent (validated by decoding), WAV converted to Ogg Vorbis, anything else refused. */
export async function prepareSound(f: UploadFields, bytes: Uint8Array): Promise<PreparedAsset> {
  if (!f.event)
    throw new ApiError(
      "invalid_request",
      "a sound needs event (a vanilla sound event such as block.stone.break, or namespace:name)",
    );
  const { event, replacesVanilla } = checkSoundEvent(f.event);
  let prepared;
  try {
    prepared = await prepareSoundUpload(bytes);
  } catch (e) {
    if (e instanceof AudioError)
      throw new DomainError(e.reason === "too_large" ? "file_too_large" : "invalid_request", e.message, e);
    throw e;
  }
  return {
    kind: "sound",
    type: "sound",
    name: event,
    reskin: false,
    target: replacesVanilla ? event : null,
    meta: {
      event,
      category: f.category ?? null,
      replacesVanilla,
      converted: prepared.converted,
      durationSeconds: prepared.durationSeconds,
      channels: prepared.channels,
      sampleRate: prepared.sampleRate,
    },
    bytes: prepared.ogg,
  };
}
