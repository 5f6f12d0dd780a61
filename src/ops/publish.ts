import { Type } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { PackSlug, strict } from "./schemas.ts";
import { reachablePack } from "../core/packs.ts";
import { deleteBuild, listBuilds, publishZip, type PublishedBuild } from "../core/published.ts";
import { exportZip } from "../export/index.ts";
import { atLeast } from "../pack/versions.ts";
import { CLIENT_PACK_LIMIT_BYTES, overLimitMessage } from "../pack/client-limit.ts";
import { ApiError } from "../core/errors.ts";

/** 1.20.3 is the first release whose server.properties takes resource-pack-id. */
const RESOURCE_PACK_ID = "1.20.3";

const Build = Type.Object({
  build: Type.String({ description: "The build's id (part of its URL)." }),
  url: Type.String({ description: "Public download URL: no key needed, so game clients can fetch it." }),
  sha1: Type.String({ description: "SHA-1 of the zip, for resource-pack-sha1." }),
  sizeBytes: Type.Integer(),
  clientLimitBytes: Type.Integer({
    description: "The Minecraft client's limit on a server resource pack (a larger build is refused at publish).",
  }),
  minecraftVersion: Type.String(),
  createdAt: Type.String({ format: "date-time" }),
  serverProperties: Type.Array(Type.String(), { description: "Lines for the server's server.properties." }),
  minVersion: Type.Optional(
    Type.String({ description: "The oldest release this build also works on, when published with minVersion." }),
  ),
});

const view = (b: PublishedBuild, baseUrl: string) => {
  const url = `${baseUrl}/p/${b.id}.zip`;
  return {
    build: b.id,
    url,
    sha1: b.sha1,
    sizeBytes: b.sizeBytes,
    clientLimitBytes: CLIENT_PACK_LIMIT_BYTES,
    minecraftVersion: b.minecraftVersion,
    createdAt: b.createdAt,
    serverProperties: [
      // server.properties is a Java properties file: ':' and '=' in a value are escaped.
      `resource-pack=${url.replace(/[:=]/g, (c) => `\\${c}`)}`,
      `resource-pack-sha1=${b.sha1}`,
      ...(atLeast(b.minecraftVersion, RESOURCE_PACK_ID) ? [`resource-pack-id=${b.resourcePackId}`] : []),
    ],
  };
};

export const publishPackOp = defineOp({
  name: "publish_pack",
  method: "POST",
  path: "/packs/{pack}/publish",
  pathParams: ["pack"],
  query: ["minVersion", "optimize"],
  tag: "packs",
  summary: "Publish the pack for a game server",
  description:
    "Builds the pack's zip now and keeps it, unchanged, at a public unguessable URL (no key needed, so a Minecraft server's players can download it). Answers the URL, its SHA-1 and the server.properties lines (resource-pack, resource-pack-sha1, and resource-pack-id for 1.20.3+). Publishing records the generated files in the origin registry, as an export does. minVersion (query) publishes one zip for every release from it to the pack's, as export's minVersion does. optimize=true publishes the optimised zip (as export's optimize). A zip over the Minecraft client's limit (262,144,000 bytes) is refused with file_too_large, since no player could download it. Free. Next: list_published_builds, unpublish_build.",
  input: Type.Object(
    {
      pack: PackSlug,
      minVersion: Type.Optional(
        Type.String({
          maxLength: 16,
          description:
            "Oldest release the published zip must also work on (overlays by format, as export's minVersion).",
        }),
      ),
      optimize: Type.Optional(
        Type.Boolean({ description: "Publish the optimised zip, as export's optimize does (default false)." }),
      ),
    },
    strict,
  ),
  access: "write",
  auth: "key",
  status: 201,
  errors: ["invalid_request", "not_found", "forbidden", "export_failed", "file_too_large"],
  output: Build,
  async run({ svc, caller, baseUrl }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    const optimize = input.optimize ?? false;
    const zip = await exportZip(svc, pack, { register: true, minVersion: input.minVersion, optimize });
    // Measured before a byte is kept (exportZip measures a zip that may come near the limit): nothing is stored,
    // registered or published when the game would refuse it.
    if (zip.sizeBytes !== undefined && zip.sizeBytes > CLIENT_PACK_LIMIT_BYTES) {
      await zip.stream.cancel();
      throw new ApiError("file_too_large", `cannot publish: ${overLimitMessage(zip.sizeBytes, optimize)}`);
    }
    const build = await publishZip(svc, pack, new Uint8Array(await new Response(zip.stream).arrayBuffer()));
    // The range is in the zip's pack.mcmeta; the build row (migration 14) does not record it.
    return input.minVersion ? { ...view(build, baseUrl), minVersion: input.minVersion } : view(build, baseUrl);
  },
});

export const listPublishedOp = defineOp({
  name: "list_published_builds",
  method: "GET",
  path: "/packs/{pack}/publish",
  pathParams: ["pack"],
  tag: "packs",
  summary: "List the pack's published builds",
  description:
    "Every published build of the pack, newest first, with its public URL, SHA-1 and server.properties lines. Free. Next: unpublish_build to take one down, publish_pack for a new one.",
  input: Type.Object({ pack: PackSlug }, strict),
  access: "read",
  auth: "key",
  errors: ["not_found"],
  output: Type.Object({ builds: Type.Array(Build) }),
  async run({ svc, caller, baseUrl }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    return { builds: (await listBuilds(svc.db, pack.id)).map((b) => view(b, baseUrl)) };
  },
});

export const unpublishOp = defineOp({
  name: "unpublish_build",
  method: "DELETE",
  path: "/packs/{pack}/publish/{build}",
  pathParams: ["pack", "build"],
  tag: "packs",
  summary: "Take a published build down",
  description:
    "Removes one published build: its URL answers 404 from now on (servers still pointing at it must be given a new one). Free. Next: publish_pack.",
  input: Type.Object(
    {
      pack: PackSlug,
      build: Type.String({ minLength: 1, maxLength: 64, description: "A build id from list_published_builds." }),
    },
    strict,
  ),
  access: "write",
  auth: "key",
  errors: ["not_found", "forbidden"],
  output: Type.Object({ unpublished: Type.String() }),
  async run({ svc, caller }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    return { unpublished: (await deleteBuild(svc.db, pack.id, input.build)).id };
  },
});
