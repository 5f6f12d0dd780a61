/**
 * Which of the drawn library's icons of a subject the prompt means. The lexicon joins a subject to one icon
 * (its shortest name: "moon" is the new moon, "note" the notepad), yet the library often holds several drawings
 * whose names share the subject's word ("crescent-moon", "full-moon", "musical-note", "cloud-with-rain"). The
 * prompt's other words choose among them: the icon whose other name words the prompt says ("crescent moon",
 * "music note", "rain cloud"), the fewest unsaid words winning a tie; with none said, the icon named by the
 * subject's word alone ("chains"), else the lexicon's icon.
 */
import { libraryIconNames } from "../art/library.ts";

/** Subject word → the icons whose name holds it, built on first use from the library's names. */
let byWord: Map<string, string[]> | null = null;
function iconsWith(word: string): string[] {
  if (!byWord) {
    byWord = new Map();
    for (const name of libraryIconNames())
      for (const w of new Set(name.split("-"))) byWord.set(w, [...(byWord.get(w) ?? []), name]);
  }
  return byWord.get(word) ?? [];
}

/** Name words that only join others ("cloud-with-rain", "sun-behind-cloud"): neither said nor unsaid. */
const JOINING = new Set(["with", "and", "of", "in", "on", "behind", "the", "a"]);

/** One word says another when one begins the other, four letters at least ("music" says "musical"). */
const says = (said: string, name: string) =>
  said === name || (Math.min(said.length, name.length) >= 4 && (name.startsWith(said) || said.startsWith(name)));

/**
 * The icon the prompt's words (`words`, lower case) mean for library subject `subject` ("rain_cloud", "moon"),
 * whose lexicon icon is `icon`: another icon of the subject's last word when the prompt says more of its name.
 */
export function iconInContext(subject: string, icon: string, words: readonly string[]): string {
  const own = subject.split("_");
  const head = own[own.length - 1];
  const others = words.filter((w) => !own.includes(w) && w.length >= 3);
  const score = (name: string) => {
    const parts = name.split("-").filter((p) => !JOINING.has(p) && p !== head && p !== `${head}s`);
    const said = parts.filter((p) => others.some((w) => says(w, p)) || own.includes(p)).length;
    return { said, unsaid: parts.length - said };
  };
  let best = icon;
  let bestScore = score(icon);
  for (const name of [...iconsWith(head), ...iconsWith(`${head}s`)]) {
    const s = score(name);
    // More of its name said; as much said and less unsaid; or, with nothing said, the icon named by the word
    // alone ("chains" for a chain, over the broken chain).
    if (
      s.said > bestScore.said ||
      (s.said === bestScore.said && s.unsaid < bestScore.unsaid && (s.said > 0 || s.unsaid === 0))
    )
      [best, bestScore] = [name, s];
  }
  return best;
}
