// Task text (a title, a task, a check's feedback) as the core parses it
// (wasm/exercise_bindings.cpp: blocks of spans, docs/exercises.md "Task text") into DOM
// nodes. Every piece of text goes in through textContent: nothing an exercise says is
// ever read as HTML.
const SPAN_TAGS = Object.freeze({ plain: null, emphasis: 'em', strong: 'strong', code: 'code', math: 'span' });
const LIST_TAGS = Object.freeze({ bullets: 'ul', numbered: 'ol' });

function appendSpans(parent, spans) {
  for (const { style, text } of spans) {
    const tag = SPAN_TAGS[style];
    if (!tag) {
      parent.append(document.createTextNode(text));
      continue;
    }
    const element = document.createElement(tag);
    if (style === 'math') element.className = 'math';
    element.textContent = text;
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
