import type { Operation } from "./types.ts";
import { listPacks, createPackOp, getPack } from "./packs.ts";
import { listAssetsOp, getAssetFile } from "./assets.ts";
import { getJob } from "./jobs.ts";

/** The operation table: every REST route, OpenAPI entry and MCP tool comes from this list. */
export const OPERATIONS: Operation[] = [listPacks, createPackOp, getPack, listAssetsOp, getAssetFile, getJob];
