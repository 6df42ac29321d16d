// The pages the Express server answers itself, before React Router: a refused form (403) and a body too large
// (413). Plain HTML in the shop's words, with a way back, readable without scripts or styles of the app.

/**
 * @param {{ status: number, title: string, paragraphs: string[] }} page  paragraphs are HTML
 * @returns {string}
 */
export function plainPage({ status, title, paragraphs }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${status} · Deck Studio</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem">
<p style="font-size:3rem;font-weight:800;margin:0">${status}</p>
<h1>${title}</h1>
${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join("\n")}
</body></html>`;
}
