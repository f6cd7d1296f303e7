// Colloquy's embeddable chat widget: <script src="https://HOST/widget.js" data-agent="agt_…" data-key="cq_pub_…" async></script>
// Optional: data-user-id and data-user-hash (hex HMAC-SHA256 of the user id with the agent's identity
// secret) so a signed-in user's conversation follows them. No framework; everything lives in a
// shadow root, so the page's styles cannot reach it and its styles cannot reach the page.
(() => {
  const script = document.currentScript;
  if (!script) return;
  const data = script.dataset;
  const api = `${new URL(script.src).origin}/api/v1/widget`;
  const storageKey = `colloquy-visitor:${data.agent}`;
  const keyParam = `?key=${encodeURIComponent(data.key || '')}`;
  const site = window.location.origin;
  const MESSAGES = {
    429: 'Too many messages right now. Please wait a minute and try again.',
    402: 'The assistant cannot answer right now. Please try again later.',
    CONTENT_BLOCKED: 'That message was not sent because it looks harmful. Please rephrase it.',
    ORIGIN_NOT_ALLOWED: `This chat is not available here: this website (${site}) is not allowed for the chat's key.`,
    USER_HASH_INVALID: 'This chat could not confirm who you are. Please reload the page or sign in again.',
    AUTH_REQUIRED: 'This chat is not set up correctly, so it cannot answer here.',
    KEY_EXPIRED: 'This chat is not set up correctly, so it cannot answer here.',
    network: 'The assistant could not be reached. Check your connection and try again.',
    other: 'Something went wrong. Please try again.',
  };
  // What the site's developer needs to fix it, in the browser's console; the visitor sees the above.
  const FOR_INTEGRATOR = {
    ORIGIN_NOT_ALLOWED: `Colloquy widget: the key ${(data.key || '').slice(0, 9)}… does not allow this page's origin, ${site}. Make a widget key that lists it on the agent's Widget tab in the console (refused origins are listed on its API keys page).`,
    USER_HASH_INVALID: `Colloquy widget: data-user-hash is not the HMAC-SHA256 of data-user-id "${data.userId}" with the agent's identity secret. Compute it on your server: createHmac('sha256', IDENTITY_SECRET).update(userId).digest('hex').`,
    AUTH_REQUIRED: 'Colloquy widget: data-key is not a working publishable key (unknown, revoked or expired), or the visitor id stored in this browser was not issued for this agent.',
  };

  const host = document.createElement('div');
  host.setAttribute('data-colloquy-widget', '');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>
:host{all:initial}
*{box-sizing:border-box;font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
.launcher{position:fixed;right:20px;bottom:20px;z-index:2147483646;border:0;border-radius:24px;padding:12px 18px;background:#1d4ed8;color:#fff;cursor:pointer;box-shadow:0 4px 14px #0003}
.panel{position:fixed;right:20px;bottom:80px;z-index:2147483647;width:min(380px,calc(100vw - 40px));height:min(560px,calc(100vh - 110px));display:flex;flex-direction:column;background:#fff;color:#111827;border:1px solid #d1d5db;border-radius:12px;box-shadow:0 8px 30px #0003}
.panel[hidden]{display:none}
header{display:flex;align-items:center;justify-content:space-between;padding:10px 14px;border-bottom:1px solid #e5e7eb}
h2{margin:0;font-size:16px;font-weight:600}
button{cursor:pointer}
button:focus-visible,textarea:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.close,.more{border:0;background:none;font-size:22px;line-height:1;color:#374151;padding:4px 8px}
.tools{position:relative;display:flex;gap:2px}
.menu{position:absolute;right:0;top:100%;margin:0;padding:4px;list-style:none;background:#fff;border:1px solid #d1d5db;border-radius:8px;z-index:1}
.menu[hidden]{display:none}
.menu button{border:0;background:none;color:#111827;padding:8px;white-space:nowrap}
.person{align-self:flex-start;background:#ecfdf5;color:#064e3b}
.who{display:block;font-size:12px;font-weight:600;margin-bottom:2px}
.note{align-self:center;color:#4b5563;font-size:13px;text-align:center}
.log{flex:1;overflow-y:auto;padding:12px 14px;display:flex;flex-direction:column;gap:10px}
.msg{max-width:88%;padding:8px 12px;border-radius:10px;white-space:pre-wrap;word-wrap:break-word}
.user{align-self:flex-end;background:#1d4ed8;color:#fff}
.assistant{align-self:flex-start;background:#f3f4f6;color:#111827}
.sources{margin:6px 0 0;padding:0 0 0 18px;font-size:13px}
.sources a{color:#1e40af}
.rate{display:flex;gap:6px;margin-top:6px}
.rate button{border:1px solid #9ca3af;background:#fff;color:#111827;border-radius:6px;padding:2px 8px;font-size:13px}
.rate button[aria-pressed=true]{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
.status{margin:0;padding:0 14px;color:#b91c1c;font-size:14px}
.status:empty{display:none}
form{display:flex;gap:8px;padding:10px 14px;border-top:1px solid #e5e7eb}
textarea{flex:1;resize:none;height:42px;padding:8px;border:1px solid #6b7280;border-radius:8px;color:#111827;background:#fff}
.send{border:0;border-radius:8px;padding:0 14px;background:#1d4ed8;color:#fff}
.send:disabled{background:#6b7280}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
</style>
<button class="launcher" type="button" aria-expanded="false" aria-controls="panel">Chat</button>
<section class="panel" id="panel" role="dialog" aria-labelledby="title" hidden>
<header><h2 id="title">Chat</h2><div class="tools"><button class="more" type="button" aria-label="More options" aria-haspopup="menu" aria-expanded="false" aria-controls="menu">⋯</button><ul class="menu" id="menu" role="menu" hidden><li role="none"><button class="ask-person" type="button" role="menuitem">Talk to a person</button></li></ul><button class="close" type="button" aria-label="Close chat">×</button></div></header>
<div class="log" role="log" aria-live="polite" aria-label="Conversation" tabindex="0"></div>
<p class="status" role="alert"></p>
<form><label class="sr" for="message">Your message</label><textarea id="message" rows="1" maxlength="8000"></textarea><button class="send" type="submit">Send</button></form>
</section>`;
  const $ = (selector) => root.querySelector(selector);
  const launcher = $('.launcher');
  const panel = $('.panel');
  const log = $('.log');
  const status = $('.status');
  const input = $('textarea');
  const send = $('.send');
  const more = $('.more');
  const menu = $('.menu');
  let identity = null;
  let loaded = false;
  // Messages on screen: the live stream (while a person answers) adds only the others.
  const shown = new Set();
  let lastId = null;
  let following = false;
  let personJoined = false;
  let sending = null;

  const element = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  const headers = () => ({ authorization: `Bearer ${data.key}`, 'content-type': 'application/json', ...identity });

  /** The key rides in the URL too: a CORS preflight carries no Authorization header, and the
   * server grants it only to an origin this key lists. */
  async function call(method, path, body, query = '', signal) {
    let response;
    try {
      response = await fetch(api + path + keyParam + query, { method, headers: headers(), body: body && JSON.stringify(body), signal });
    } catch {
      throw await unreachable();
    }
    if (!response.ok) throw await failure(response);
    return response;
  }

  /** The browser refused or lost the request: the network, or a preflight refused to this page's
   * origin. A request that needs no preflight (no custom header) tells which. */
  async function unreachable() {
    try {
      const response = await fetch(`${api}/access${keyParam}`);
      if (!response.ok) return await failure(response);
    } catch {
      // unreachable indeed
    }
    return new Error(MESSAGES.network);
  }

  async function failure(response) {
    let code;
    try {
      const body = await response.json();
      code = body.error && typeof body.error === 'object' ? body.error.code : body.code;
    } catch {
      // not JSON: the status says enough
    }
    if (FOR_INTEGRATOR[code]) console.error(FOR_INTEGRATOR[code]);
    return new Error(MESSAGES[code] || MESSAGES[response.status] || MESSAGES.other);
  }

  /** The visitor's identity: a signed user id from the page, or this browser's visitor id. */
  async function identify() {
    if (data.userId && data.userHash) return void (identity = { 'x-colloquy-user': data.userId, 'x-colloquy-user-hash': data.userHash });
    if (data.userId) console.error('Colloquy widget: data-user-id needs data-user-hash (the HMAC-SHA256 of the id with the agent\'s identity secret); chatting as an anonymous visitor.');
    let visitor = localStorage.getItem(storageKey);
    if (!visitor) {
      visitor = (await (await call('POST', '/visitors', {})).json()).visitorId;
      localStorage.setItem(storageKey, visitor);
    }
    identity = { 'x-colloquy-visitor': visitor };
  }

  function rating(id, given) {
    const group = element('div', 'rate');
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', 'Was this answer helpful?');
    for (const [value, label] of [['up', 'Helpful'], ['down', 'Not helpful']]) {
      const button = element('button', '', label);
      button.type = 'button';
      button.setAttribute('aria-pressed', String(given === value));
      button.addEventListener('click', async () => {
        try {
          await call('POST', `/messages/${encodeURIComponent(id)}/feedback`, { rating: value });
          for (const other of group.querySelectorAll('button')) other.setAttribute('aria-pressed', String(other === button));
        } catch (error) {
          status.textContent = error.message;
        }
      });
      group.append(button);
    }
    return group;
  }

  function sources(citations) {
    const list = element('ul', 'sources');
    list.setAttribute('aria-label', 'Sources');
    const seen = new Set();
    for (const citation of citations) {
      if (seen.has(citation.sourceId)) continue;
      seen.add(citation.sourceId);
      const item = element('li');
      if (citation.url) {
        const link = element('a', '', citation.title || citation.url);
        link.href = citation.url;
        link.target = '_blank';
        link.rel = 'noopener noreferrer';
        item.append(link);
      } else item.textContent = citation.fileName || citation.title;
      list.append(item);
    }
    return list;
  }

  function bubble(role, text, author) {
    const node = element('div', `msg ${author ? 'person' : role}`);
    const body = element('span', '', text);
    if (author) node.append(element('span', 'who', author));
    node.append(element('span', 'sr', role === 'user' ? 'You: ' : author ? 'Person: ' : 'Assistant: '), body);
    log.append(node);
    log.scrollTop = log.scrollHeight;
    return { node, body };
  }

  function note(text) {
    const node = element('p', 'msg note', text);
    log.append(node);
    log.scrollTop = log.scrollHeight;
  }

  function seen(id) {
    if (!id) return;
    shown.add(id);
    lastId = id;
  }

  function show(message) {
    if (shown.has(message.id)) return;
    seen(message.id);
    if (message.role === 'user' && message.content === sending) return void (sending = null);
    if (message.author && !personJoined) {
      personJoined = true;
      note(`A person has joined: ${message.author.name}`);
    }
    const { node } = bubble(message.role, message.content || '', message.author && message.author.name);
    if (message.role === 'assistant' && !message.author) node.append(rating(message.id, null));
  }

  /** While a person answers: their replies, live, until the assistant is back. */
  async function follow() {
    if (following) return;
    following = true;
    let backWithAgent = false;
    let refused = false;
    while (!backWithAgent && !refused) {
      try {
        const response = await call('GET', '/conversation/stream', undefined, lastId ? `&after=${encodeURIComponent(lastId)}` : '');
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          const frames = buffer.split('\n\n');
          buffer = frames.pop();
          for (const frame of frames) {
            const json = frame.startsWith(':') ? '' : frame.replace(/^data: ?/, '');
            if (!json) continue;
            const event = JSON.parse(json);
            if (event.message) show(event.message);
            if (event.conversation && event.conversation.state === 'agent') backWithAgent = true;
          }
          if (backWithAgent) {
            void reader.cancel();
            break;
          }
        }
      } catch (error) {
        // cut: try again, unless the key was revoked or expired since
        refused = error.message === MESSAGES.AUTH_REQUIRED;
      }
      if (!backWithAgent && !refused) await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    following = false;
    if (refused) return void (status.textContent = MESSAGES.AUTH_REQUIRED);
    note('You are back with the assistant.');
    personJoined = false;
  }

  async function askForPerson() {
    toggleMenu(false);
    status.textContent = '';
    try {
      if (!identity) await start();
      note((await (await call('POST', '/handoff', {})).json()).notice);
      void follow();
    } catch (error) {
      status.textContent = error.message === 'Failed to fetch' ? MESSAGES.network : error.message;
    }
  }

  function toggleMenu(open) {
    menu.hidden = !open;
    more.setAttribute('aria-expanded', String(open));
    if (open) $('.ask-person').focus();
  }

  async function restore() {
    const conversation = await (await call('GET', '/conversation')).json();
    $('#title').textContent = conversation.agent.name;
    launcher.setAttribute('aria-label', `Chat with ${conversation.agent.name}`);
    for (const message of conversation.messages) {
      seen(message.id);
      if (message.author) personJoined = true;
      const { node } = bubble(message.role, message.content || '', message.author && message.author.name);
      if (message.role === 'assistant' && !message.author) node.append(rating(message.id, message.feedback && message.feedback.rating));
    }
    if (conversation.state === 'people') void follow();
  }

  async function start() {
    if (loaded) return;
    loaded = true;
    try {
      await identify();
      await restore();
    } catch (error) {
      loaded = false;
      status.textContent = error.message;
    }
  }

  /** Reads the chat stream: the first frame names the message, deltas append, the last frame
   * carries the citations (or the error). */
  async function stream(response, answer) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let messageId = null;
    let withPeople = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const frames = buffer.split('\n\n');
      buffer = frames.pop();
      for (const frame of frames) {
        const json = frame.replace(/^data: ?/, '');
        if (!json) continue;
        const event = JSON.parse(json);
        if (event.success === false) throw new Error(MESSAGES[event.error.code] || MESSAGES.other);
        if (event.messageId && !messageId) messageId = event.messageId;
        if (event.handoff) withPeople = true;
        if (event.handoff && event.handoff.heldMessageId) messageId = event.handoff.heldMessageId;
        if (event.delta && event.delta.reply) answer.body.textContent += event.delta.reply.content;
        if (event.citations && event.citations.length > 0) answer.node.append(sources(event.citations));
      }
      log.scrollTop = log.scrollHeight;
    }
    if (withPeople) {
      seen(messageId);
      answer.node.className = 'msg note';
      void follow();
    } else if (messageId) {
      seen(messageId);
      answer.node.append(rating(messageId, null));
    }
  }

  async function submit(event) {
    event.preventDefault();
    const message = input.value.trim();
    if (!message || send.disabled) return;
    status.textContent = '';
    send.disabled = true;
    let answer = null;
    try {
      if (!identity) await start();
      sending = message;
      const response = await call('POST', '/chat', { message, stream: true });
      input.value = '';
      bubble('user', message);
      answer = bubble('assistant', '');
      log.setAttribute('aria-busy', 'true');
      await stream(response, answer);
    } catch (error) {
      if (answer && !answer.body.textContent) answer.node.remove();
      status.textContent = error.message === 'Failed to fetch' ? MESSAGES.network : error.message;
    } finally {
      sending = null;
      log.setAttribute('aria-busy', 'false');
      send.disabled = false;
      input.focus();
    }
  }

  function toggle(open) {
    panel.hidden = !open;
    launcher.setAttribute('aria-expanded', String(open));
    if (open) {
      void start();
      input.focus();
    } else launcher.focus();
  }

  launcher.addEventListener('click', () => toggle(panel.hidden));
  more.addEventListener('click', () => toggleMenu(menu.hidden));
  $('.ask-person').addEventListener('click', askForPerson);
  menu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      toggleMenu(false);
      more.focus();
    }
  });
  $('.close').addEventListener('click', () => toggle(false));
  panel.addEventListener('keydown', (event) => event.key === 'Escape' && toggle(false));
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) submit(event);
  });
  $('form').addEventListener('submit', submit);
  document.body.append(host);
})();
