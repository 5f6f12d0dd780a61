/**
 * /docs: a self-contained page that renders /openapi.json with no script from a CDN, so a LAN without
 * internet can still read the API.
 */
export const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Packsmith API</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d1d1d;background:#f6f4ef}
main{max-width:960px;margin:0 auto;padding:24px}
h1{margin:0 0 4px}.op{background:#fff;border:1px solid #ddd;border-radius:6px;margin:12px 0;padding:12px 16px}
.m{display:inline-block;min-width:64px;font-weight:700;font-family:monospace}.GET{color:#1f6f43}.POST{color:#8a4b00}.PUT{color:#3b4cb8}.DELETE{color:#a11}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f3f3f3;padding:8px;overflow:auto;border-radius:4px}
summary{cursor:pointer}
</style></head><body><main>
<h1>Packsmith API</h1><p id="about">Loading /openapi.json…</p><div id="ops"></div>
<script>
fetch('/openapi.json').then(r=>r.json()).then(doc=>{
  document.getElementById('about').textContent=doc.info.description+' Version '+doc.info.version+'. Authenticate with Authorization: Bearer <API key>.';
  const root=document.getElementById('ops');
  for(const [path,methods] of Object.entries(doc.paths)) for(const [m,op] of Object.entries(methods)){
    const d=document.createElement('details');d.className='op';
    const s=document.createElement('summary');
    s.innerHTML='<span class="m '+m.toUpperCase()+'">'+m.toUpperCase()+'</span> <code></code> — <span></span>';
    s.querySelector('code').textContent=path;s.querySelectorAll('span')[1].textContent=op.summary;
    d.append(s);
    const p=document.createElement('p');p.textContent=op.description;d.append(p);
    const add=(title,obj)=>{const h=document.createElement('h4');h.textContent=title;const pre=document.createElement('pre');pre.textContent=JSON.stringify(obj,null,2);d.append(h,pre)};
    if(op.parameters&&op.parameters.length) add('Parameters',op.parameters);
    if(op.requestBody) add('Body',op.requestBody.content['application/json'].schema);
    add('Responses',op.responses);
    root.append(d);
  }
});
</script></main></body></html>`;
