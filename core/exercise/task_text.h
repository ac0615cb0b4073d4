// The text an exercise shows (its task, title and feedback): a small, safe subset of
// Markdown, parsed here into blocks and spans that a page renders with text nodes only
// (docs/exercises.md, "Task text"). Nothing in it is ever HTML: raw tags, entities,
// links and images are refused with the line and column, not passed through.
//
//   blocks  paragraphs, separated by blank lines; lists whose lines start "- " (bullets)
//           or "1. " (numbered), an item continued on lines indented by two spaces
//   spans   *emphasis*, **strong**, `code`, $math$ (shown as written), \-escapes;
//           no nesting: inside a span the text is literal but for escapes
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "base/status.h"

namespace contactlab {

struct TextSpan {
  enum class Style { Plain, Emphasis, Strong, Code, Math };
  Style style = Style::Plain;
  std::string text;  // UTF-8, escapes resolved; lines of a block joined by one space
};

struct TextBlock {
  enum class Kind { Paragraph, BulletList, NumberedList };
  Kind kind = Kind::Paragraph;
  // A paragraph has one item; a list one per entry.
  std::vector<std::vector<TextSpan>> items;
};

struct TaskText {
  std::vector<TextBlock> blocks;
};

// Parses `text` (at most `max_characters` Unicode characters of UTF-8). Fails naming
// the line and column of the first construct outside the subset, or of an unclosed
// span, and what to write instead; `parsed` is written only on success.
Status parse_task_text(const std::string& text, std::size_t max_characters, TaskText& parsed);

// The text for a reader of plain text (PrairieLearn's message and output): the marks
// of emphasis, strength and code dropped, escapes resolved, math left as its TeX
// between dollars ($\mu = \tan\theta$ reads as written), list items on lines of their
// own ("- " or "1. "), blocks separated by a blank line.
std::string plain_text(const TaskText& text);

// `text` with every character that Markdown could read as markup escaped by a
// backslash, so that a Markdown renderer shows it as written.
std::string escape_markdown(const std::string& text);

}  // namespace contactlab
