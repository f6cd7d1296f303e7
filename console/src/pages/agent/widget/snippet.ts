// The script tag a website pastes, and the page the console's preview frame shows.

/** The origin serving the console also serves /widget.js and the widget's API. */
export const SERVER_ORIGIN = window.location.origin;

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function widgetSnippet(agentId: string, key: string): string {
  return `<script src="${SERVER_ORIGIN}/widget.js" data-agent="${attribute(agentId)}" data-key="${attribute(key)}" async></script>`;
}

/** A stand-in web page for the preview: the real script with the real key, on the console's origin. */
export function previewPage(agentId: string, key: string, agentName: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Widget preview</title>
<style>body{margin:0;padding:24px;font:15px/1.5 system-ui,sans-serif;color:#374151;background:#f8fafc}h1{font-size:20px;margin:0 0 8px;color:#111827}</style></head>
<body><h1>Your website</h1><p>This page stands in for your site. The chat button runs exactly as it will there, talking to ${attribute(agentName)}: its chats are real, charged and listed under Conversations.</p>
${widgetSnippet(agentId, key)}</body></html>`;
}
