/**
 * Custom item numbers (custom_model_data, what players type in /give) come from this hash of the pack
 * namespace and the item's id, frozen on its own so that changing the art's random numbers can never
 * renumber anyone's items. Version 1: 32-bit FNV-1a over each part's UTF-16 code units, each part closed by
 * the byte 0xff (the same numbers exports have always given). A change would be a version 2 next to this
 * one, chosen per pack, never an edit: test/pack/item-number.test.ts holds vectors.
 */
export const ITEM_NUMBER_VERSION = 1;

export function itemNumberHash(namespace: string, id: string): number {
  let h = 0x811c9dc5;
  for (const s of [namespace, id]) {
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0xff;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
