import { Fragment } from "react";
import { Link } from "react-router";
import type { Block, Line } from "./legal-text.ts";
import "./legal.css";

/** A legal text's blocks (legal-text.ts) as React elements: every piece is text, so nothing in a file is markup. */
export function LegalTextView({ blocks }: { blocks: readonly Block[] }) {
  return (
    <div className="legal-text">
      {blocks.map((block, index) => {
        switch (block.kind) {
          case "heading":
            return block.level === 2 ? (
              <h2 key={index}>
                <InlineLine line={block.content} />
              </h2>
            ) : (
              <h3 key={index}>
                <InlineLine line={block.content} />
              </h3>
            );
          case "list": {
            const items = block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <InlineLine line={item} />
              </li>
            ));
            return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
          }
          case "paragraph":
            return (
              <p key={index}>
                {block.lines.map((line, lineIndex) => (
                  <Fragment key={lineIndex}>
                    {lineIndex > 0 ? <br /> : null}
                    <InlineLine line={line} />
                  </Fragment>
                ))}
              </p>
            );
        }
      })}
    </div>
  );
}

function InlineLine({ line }: { line: Line }) {
  return line.map((piece, index) => {
    if (piece.kind === "strong") return <strong key={index}>{piece.text}</strong>;
    if (piece.kind === "code") return <code key={index}>{piece.text}</code>;
    if (piece.kind === "link") {
      return piece.href.startsWith("/") ? (
        <Link key={index} to={piece.href}>
          {piece.text}
        </Link>
      ) : (
        <a key={index} href={piece.href} rel="noreferrer">
          {piece.text}
        </a>
      );
    }
    return <Fragment key={index}>{piece.text}</Fragment>;
  });
}
