import { useState } from "react";
import { EmojiArt } from "./emoji-art.tsx";
import { EmojiPicker } from "./emoji-picker.tsx";
import { EmojiPickerField } from "./emoji-picker-field.tsx";
import type { SelectedEmoji } from "./emoji-types.ts";

/** The picker for the /Example page: standalone, and attached to a textarea. */
export function EmojiShowcase() {
  const [picked, setPicked] = useState<SelectedEmoji | null>(null);
  return (
    <section className="emoji-showcase stack" aria-labelledby="emoji-showcase-title">
      <h2 id="emoji-showcase-title">Emoji picker</h2>
      <h3>Standalone</h3>
      <EmojiPicker label="Standalone emoji picker" onSelect={setPicked} />
      <p className="emoji-showcase__picked" aria-live="polite">
        {picked ? <PickedEmoji emoji={picked} /> : "No emoji picked yet."}
      </p>
      <h3>Attached to a text area</h3>
      <EmojiPickerField fieldType="textarea" label="Message" name="message" rows={3} placeholder="Say something nice" />
    </section>
  );
}

function PickedEmoji({ emoji }: { emoji: SelectedEmoji }) {
  return (
    <>
      Picked: <EmojiArt unified={emoji.unified} art={emoji.imageUrl ? { url: emoji.imageUrl } : null} size={20} /> {emoji.name}
      {emoji.tone === "neutral" ? "" : ` (tone ${emoji.tone})`}
    </>
  );
}
