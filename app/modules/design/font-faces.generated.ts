// Written by scripts/build-font-metrics.mjs from the bundled TTF files: do not edit, rerun the script.

/** Every character a text layer may hold: all bundled fonts have a glyph for each. */
export const TEXT_CHARACTERS = " !\"#$%&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~¡¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ–—‘’“”•…€";

/** The bundled fonts: `family` and `weight` are the TTF's own, `file` a package path. */
export const FONT_FACES = [
  { id: "inter", label: "Inter Extra Bold", family: "Inter", weight: 800, file: "@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf" },
  { id: "bebas-neue", label: "Bebas Neue", family: "Bebas Neue", weight: 400, file: "@expo-google-fonts/bebas-neue/400Regular/BebasNeue_400Regular.ttf" },
  { id: "permanent-marker", label: "Permanent Marker", family: "Permanent Marker", weight: 400, file: "@expo-google-fonts/permanent-marker/400Regular/PermanentMarker_400Regular.ttf" },
  { id: "roboto-slab", label: "Roboto Slab Bold", family: "Roboto Slab", weight: 700, file: "@expo-google-fonts/roboto-slab/700Bold/RobotoSlab_700Bold.ttf" },
] as const;
