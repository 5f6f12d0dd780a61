import type { Operation } from "./types.ts";
import { listPacks, createPackOp, getPack } from "./packs.ts";
import { listAssetsOp, getAssetFile } from "./assets.ts";
import { getJob } from "./jobs.ts";
import { generateTextureOp } from "./generate/texture.ts";
import { generateItemOp } from "./generate/item.ts";
import { generateIconOp } from "./generate/icon.ts";
import { generateGuiOp, generateHudOp } from "./generate/sheets.ts";
import { generateSoundOp } from "./generate/sound.ts";
import { generateModelOp } from "./generate/model.ts";
import { getStyleGuideOp, putStyleGuideOp, deleteStyleGuideOp } from "./style-guide.ts";
import { uploadAssetOp } from "./upload-asset.ts";
import { createUploadOp, putUploadOp } from "./uploads.ts";
import { importPackOp } from "./imports.ts";
import { checkPackOp } from "./check.ts";
import { listVanillaNamesOp } from "./vanilla-names.ts";
import { listThumbnailsOp } from "./thumbnails.ts";
import { exportPackOp } from "./export.ts";
import { listPackFilesOp, deletePackFileOp } from "./pack-files.ts";
import { getVocabularyOp } from "./vocabulary.ts";
import { updatePackOp, deletePackOp, deleteAssetOp } from "./pack-edit.ts";
import { publishPackOp, listPublishedOp, unpublishOp } from "./publish.ts";
import { mergePackOp } from "./merges.ts";
import { createPolymathTokenOp, listPolymathTokensOp, revokePolymathTokenOp } from "./polymath.ts";
import { originLookupOp, originRangeOp } from "./origin.ts";
import { getAccountOp, getLedgerOp, listKeysOp, createKeyOp, revokeKeyOp } from "./account.ts";
import { uploadReferenceOp, listReferencesOp, getReferenceFileOp } from "./references.ts";
import { waitForJobOp } from "./wait.ts";
import { editAssetOp } from "./edit-asset.ts";

/**
 * The operation table: every REST route, OpenAPI entry and MCP tool comes from this list, in this order
 * (the tool list keeps it, so the tool-only wait_for_job stays last where agents have always seen it).
 */
export const OPERATIONS: Operation[] = [
  listPacks,
  createPackOp,
  getPack,
  listAssetsOp,
  getAssetFile,
  getJob,
  generateTextureOp,
  generateModelOp,
  generateItemOp,
  generateGuiOp,
  generateHudOp,
  generateIconOp,
  generateSoundOp,
  getStyleGuideOp,
  putStyleGuideOp,
  deleteStyleGuideOp,
  uploadAssetOp,
  // After upload_asset: its example edits the texture that one's example uploads (ready at once).
  editAssetOp,
  createUploadOp,
  putUploadOp,
  importPackOp,
  checkPackOp,
  listVanillaNamesOp,
  listThumbnailsOp,
  exportPackOp,
  listPackFilesOp,
  deletePackFileOp,
  getVocabularyOp,
  updatePackOp,
  deletePackOp,
  deleteAssetOp,
  publishPackOp,
  mergePackOp,
  createPolymathTokenOp,
  listPolymathTokensOp,
  revokePolymathTokenOp,
  listPublishedOp,
  unpublishOp,
  originLookupOp,
  originRangeOp,
  getAccountOp,
  getLedgerOp,
  listKeysOp,
  createKeyOp,
  revokeKeyOp,
  uploadReferenceOp,
  listReferencesOp,
  getReferenceFileOp,
  waitForJobOp,
];
