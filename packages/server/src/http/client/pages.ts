/** Small server-rendered HTML pages: the game page's failures and the demo lobby. */

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** One inline style block shared by the server's pages; allowed by its hash in their CSP. */
export const PAGE_STYLE = `
:root{color-scheme:dark}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#0f1923;color:#fff}
main{max-width:960px;margin:0 auto;padding:24px 16px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 10px;color:#b1bad3;text-transform:uppercase;letter-spacing:.06em}
p{color:#b1bad3}code{background:#213743;padding:2px 6px;border-radius:4px}
.games{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:10px;list-style:none;padding:0;margin:0}
.game button{width:100%;min-height:84px;padding:12px;border:0;border-radius:8px;background:#213743;color:#fff;font:inherit;font-weight:700;cursor:pointer;text-align:left}
.game button:hover{background:#2f4553}.game button:focus-visible,select:focus-visible{outline:2px solid #8ab4ff;outline-offset:2px}
.game small{display:block;font-weight:400;color:#b1bad3;margin-top:4px}
.game button:disabled{opacity:.45;cursor:not-allowed}
.options{display:flex;gap:16px;flex-wrap:wrap;align-items:center;margin:16px 0;padding:12px;background:#1a2c38;border-radius:8px}
label{display:flex;gap:8px;align-items:center;color:#b1bad3}
select{background:#0b141b;color:#fff;border:2px solid #2f4553;border-radius:4px;padding:6px 8px;font:inherit}
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
