// Task text (a title, a task, a check's feedback) as the core parses it
// (wasm/exercise_bindings.cpp: blocks of spans, docs/exercises.md "Task text") into DOM
// nodes. Every piece of text goes in through textContent: nothing an exercise says is
// ever read as HTML. Math ($...$) is typeset by KaTeX as MathML, which the browser
// draws itself; KaTeX builds DOM nodes (never HTML text), with `trust` off so no TeX
// command can link, load or style anything. It loads with the first math shown, so a
// page without an exercise never fetches it; until then, or if it cannot load, the TeX
// source shows.
const SPAN_TAGS = Object.freeze({ plain: null, emphasis: 'em', strong: 'strong', code: 'code', math: 'span' });
const LIST_TAGS = Object.freeze({ bullets: 'ul', numbered: 'ol' });

let katexLoading = null;

function typesetMath(element, tex) {
  element.textContent = tex;
  katexLoading ??= import('katex').then((module) => module.default);
  katexLoading
    .then((katex) => {
      katex.render(tex, element, { output: 'mathml', throwOnError: false, trust: false, strict: 'ignore' });
      element.classList.add('typeset');
    })
    .catch(() => {}); // the TeX source stays
}

function appendSpans(parent, spans) {
  for (const { style, text } of spans) {
    const tag = SPAN_TAGS[style];
    if (!tag) {
      parent.append(document.createTextNode(text));
      continue;
    }
    const element = document.createElement(tag);
    if (style === 'math') {
      element.className = 'math';
      typesetMath(element, text);
    } else {
      element.textContent = text;
    }
    parent.append(element);
  }
}

// blocks: [{kind: 'paragraph' | 'bullets' | 'numbered', items: [[{style, text}]]}] =>
// a fragment of <p>, <ul> and <ol>.
export function renderTaskText(blocks) {
  const fragment = document.createDocumentFragment();
  for (const block of blocks) {
    if (block.kind === 'paragraph') {
      const paragraph = document.createElement('p');
      appendSpans(paragraph, block.items[0] ?? []);
      fragment.append(paragraph);
      continue;
    }
    const list = document.createElement(LIST_TAGS[block.kind]);
    for (const spans of block.items) {
      const item = document.createElement('li');
      appendSpans(item, spans);
      list.append(item);
    }
    fragment.append(list);
  }
  return fragment;
}
