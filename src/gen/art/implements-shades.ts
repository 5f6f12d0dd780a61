/** The shades the implements' declarations share (implements-*.ts): bare metal, a wooden grip, red, blue, dark, yellow, rope. */
import { hexToRgb, ramp } from "./colour";

export const METAL = ramp(hexToRgb("#a8a8ae")!, 5, 0.45);
export const HANDLE = ramp(hexToRgb("#9a6b3a")!, 5, 0.45);
export const RED = ramp(hexToRgb("#c8262e")!, 5, 0.5);
export const BLUE = ramp(hexToRgb("#3a6fc8")!, 5, 0.45);
export const DARK = ramp(hexToRgb("#3a3a40")!, 5, 0.3);
export const YELLOW = ramp(hexToRgb("#f2c744")!, 5, 0.45);
export const ROPE = ramp(hexToRgb("#c8a46a")!, 5, 0.4);
