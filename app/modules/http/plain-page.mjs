// The pages answered without the app's layout: by the Express server before React Router (a refused form, 403; a
// body too large, 413) and by the resource routes (a PDF or CSV that is not there, 404). Plain HTML in the shop's
// words, with a way back, readable without scripts or styles of the app.

/**
 * @param {{ status: number, title: string, paragraphs: string[], lang?: string }} page  title and paragraphs are HTML
 * @returns {string}
 */
export function plainPage({ status, title, paragraphs, lang = "en" }) {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Deck Studio</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem"><main>
<p style="font-size:3rem;font-weight:800;margin:0">${status}</p>
<h1>${title}</h1>
${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join("\n")}
</main></body></html>`;
}
