/** HTML escaping and the page frame shared by every page the server renders. */
export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#039;");
}

/** A page framed like Jenkins's layout (title "X [Jenkins]", header, main panel). */
export function jenkinsPage(title: string, main: string): string {
  return [
    "<!DOCTYPE html>",
    '<html class=""><head resURL="/static/00000000" data-rooturl="" data-resurl="/static/00000000">',
    `<title>${escapeHtml(title)} [Jenkins]</title>`,
    '<meta name="ROBOTS" content="INDEX,NOFOLLOW"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '</head><body id="jenkins" class="yui-skin-sam full-screen jenkins-2" data-version="2">',
    '<header id="page-header" class="page-header"><div class="page-header__brand"><a id="jenkins-home-link" href="/">Jenkins</a></div></header>',
    '<div id="page-body" class="app-page-body"><div id="main-panel">',
    main,
    '</div></div><footer class="page-footer"></footer></body></html>',
    "",
  ].join("\n");
}

/** The container's own error page (Jetty), used for errors raised before Jenkins sees the request. */
export function containerErrorPage(status: number, message: string, uri: string): string {
  const m = escapeHtml(message);
  return [
    "<html>",
    "<head>",
    '<meta http-equiv="Content-Type" content="text/html;charset=ISO-8859-1"/>',
    `<title>Error ${status} ${m}</title>`,
    "</head>",
    `<body><h2>HTTP ERROR ${status} ${m}</h2>`,
    "<table>",
    `<tr><th>URI:</th><td>${escapeHtml(uri)}</td></tr>`,
    `<tr><th>STATUS:</th><td>${status}</td></tr>`,
    `<tr><th>MESSAGE:</th><td>${m}</td></tr>`,
    "<tr><th>SERVLET:</th><td>Stapler</td></tr>",
    "</table>",
    '<hr/><a href="https://jetty.org/">Powered by Jetty:// 12.0.22</a><hr/>',
    "",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
