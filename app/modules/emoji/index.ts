/** The emoji picker module's public API. */
export { EmojiPicker, type EmojiPickerProps, type EmojiPickerTexts } from "./emoji-picker.tsx";
export { EmojiPickerField, type EmojiPickerFieldProps } from "./emoji-picker-field.tsx";
export { EmojiShowcase } from "./emoji-showcase.tsx";
export { DEFAULT_IMAGE_BASE_URL, nativeOf, preloadEmojiPicker } from "./emoji-data.ts";
export {
  CATEGORY_KEYS,
  DEFAULT_CATEGORY_NAMES,
  SKIN_TONES,
  type CategoryKey,
  type EmojiTheme,
  type InsertMode,
  type SelectedEmoji,
  type SkinTone,
} from "./emoji-types.ts";
