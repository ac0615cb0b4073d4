#include "exercise/task_text.h"

#include <utility>

namespace contactlab {
namespace {

// Where a byte of the text came from, for messages: line and column from 1, the
// column counted in Unicode characters.
struct SourcePosition {
  std::size_t line = 1;
  std::size_t column = 1;
};

// A block's item: its lines joined by one space, each byte's source position kept.
struct JoinedText {
  std::string text;
  std::vector<SourcePosition> positions;
};

struct SourceLine {
  std::string text;
  std::size_t number = 1;
};

bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex_digit(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

Status failure_at(const SourcePosition& at, const std::string& what) {
  return Status::failure("line " + std::to_string(at.line) + ", column " + std::to_string(at.column) + ": " + what);
}

std::size_t leading_spaces(const std::string& line) {
  std::size_t count = 0;
  while (count < line.size() && line[count] == ' ') ++count;
  return count;
}

bool is_blank(const std::string& line) { return leading_spaces(line) == line.size(); }

// The length of a list marker at the start of `line` ("- " or digits and ". "), 0 if none.
std::size_t bullet_marker(const std::string& line) { return line.rfind("- ", 0) == 0 ? 2 : 0; }
std::size_t number_marker(const std::string& line) {
  std::size_t digits = 0;
  while (digits < line.size() && digits < 9 && is_digit(line[digits])) ++digits;
  if (digits == 0 || line.compare(digits, 2, ". ") != 0) return 0;
  return digits + 2;
}

// A line made only of `mark` characters and spaces, at least `least` of them.
bool is_rule_of(const std::string& line, char mark, std::size_t least) {
  std::size_t count = 0;
  for (char c : line) {
    if (c == mark)
      ++count;
    else if (c != ' ')
      return false;
  }
  return count >= least;
}

// Markdown's block constructs outside the subset, refused rather than shown otherwise
// than their author expects.
Status check_line_construct(const SourceLine& line) {
  const std::size_t indent = leading_spaces(line.text);
  const std::string rest = line.text.substr(indent);
  const SourcePosition at{line.number, indent + 1};
  std::size_t hashes = 0;
  while (hashes < rest.size() && rest[hashes] == '#') ++hashes;
  if (hashes >= 1 && hashes <= 6 && (hashes == rest.size() || rest[hashes] == ' ')) {
    return failure_at(at, "headings are not part of the task text (write a paragraph, with **strong** words)");
  }
  if (rest.rfind(">", 0) == 0) return failure_at(at, "block quotes are not part of the task text");
  if (rest.rfind("```", 0) == 0 || rest.rfind("~~~", 0) == 0) {
    return failure_at(at, "code blocks are not part of the task text (write `code` within a line)");
  }
  if (is_rule_of(rest, '-', 3) || is_rule_of(rest, '*', 3) || is_rule_of(rest, '_', 3) || is_rule_of(rest, '=', 1)) {
    return failure_at(at, "rules and underlined headings are not part of the task text");
  }
  if (rest.rfind("* ", 0) == 0 || rest.rfind("+ ", 0) == 0) {
    return failure_at(at, "list items start with \"- \" (or \"1. \" for a numbered list)");
  }
  if (rest.rfind("[", 0) == 0 && rest.find("]:") != std::string::npos) {
    return failure_at(at, "link definitions are not part of the task text");
  }
  return Status::success();
}

void append_line(JoinedText& joined, const SourceLine& line, std::size_t from) {
  if (!joined.text.empty()) {
    joined.text += ' ';
    joined.positions.push_back(SourcePosition{line.number, from + 1});
  }
  std::size_t column = from;
  std::size_t end = line.text.size();
  while (end > from && line.text[end - 1] == ' ') --end;
  for (std::size_t i = from; i < end; ++i) {
    if (!is_continuation_byte(line.text[i])) ++column;
    joined.text += line.text[i];
    joined.positions.push_back(SourcePosition{line.number, column});
  }
}

// One block (its lines, none blank) => a paragraph or a list of items.
Status read_block(const std::vector<SourceLine>& lines, TextBlock& block, std::vector<JoinedText>& items) {
  for (const SourceLine& line : lines) CONTACTLAB_RETURN_IF_ERROR(check_line_construct(line));
  const std::string& first = lines.front().text;
  const bool bullets = bullet_marker(first) > 0;
  const bool numbered = number_marker(first) > 0;
  if (!bullets && !numbered) {
    if (leading_spaces(first) >= 4) {
      return failure_at(SourcePosition{lines.front().number, 1},
                        "indented code is not part of the task text (start the paragraph without spaces)");
    }
    block.kind = TextBlock::Kind::Paragraph;
    items.emplace_back();
    for (const SourceLine& line : lines) {
      if (bullet_marker(line.text) > 0 || number_marker(line.text) > 0) {
        return failure_at(SourcePosition{line.number, 1},
                          "a list must be separated from the paragraph above it by a blank line");
      }
      append_line(items.back(), line, leading_spaces(line.text));
    }
    return Status::success();
  }
  block.kind = bullets ? TextBlock::Kind::BulletList : TextBlock::Kind::NumberedList;
  for (const SourceLine& line : lines) {
    const std::size_t marker = bullets ? bullet_marker(line.text) : number_marker(line.text);
    if (marker > 0) {
      items.emplace_back();
      append_line(items.back(), line, marker);
    } else if (leading_spaces(line.text) >= 2) {
      append_line(items.back(), line, leading_spaces(line.text));
    } else {
      return failure_at(SourcePosition{line.number, 1},
                        bullets
                            ? "in a list each line starts an item with \"- \" or continues one, indented by two spaces"
                            : "in a numbered list each line starts an item with \"1. \" (any number) or continues "
                              "one, indented by two spaces");
    }
  }
  return Status::success();
}

// The characters a backslash makes literal.
bool is_escapable(char c) {
  const std::string escapable = "\\*`$_[]()#-.!<>&+";
  return escapable.find(c) != std::string::npos;
}

// HTML where the text would be read as HTML: a tag, comment or declaration
// ("<b", "</", "<!", "<?") or a character reference ("&amp;", "&#38;").
Status check_not_html(const JoinedText& item, std::size_t i) {
  const std::string& text = item.text;
  const char next = i + 1 < text.size() ? text[i + 1] : '\0';
  if (text[i] == '<' && (is_letter(next) || next == '/' || next == '!' || next == '?')) {
    return failure_at(item.positions[i],
                      "raw HTML is not allowed (write \"a < b\" with spaces, or \\< for a literal <)");
  }
  if (text[i] == '&') {
    std::size_t j = i + 1;
    if (j < text.size() && text[j] == '#') {
      ++j;
      const bool hex = j < text.size() && (text[j] == 'x' || text[j] == 'X');
      if (hex) ++j;
      const std::size_t start = j;
      while (j < text.size() && (hex ? is_hex_digit(text[j]) : is_digit(text[j]))) ++j;
      if (j > start && j < text.size() && text[j] == ';') {
        return failure_at(item.positions[i], "HTML character references are not allowed (write the character itself)");
      }
    } else if (j < text.size() && is_letter(text[j])) {
      while (j < text.size() && (is_letter(text[j]) || is_digit(text[j]))) ++j;
      if (j < text.size() && text[j] == ';') {
        return failure_at(item.positions[i], "HTML character references are not allowed (write the character itself)");
      }
    }
  }
  return Status::success();
}

// Links and images: "[text](url)", "![alt](url)".
Status check_not_link(const JoinedText& item, std::size_t i) {
  const std::string& text = item.text;
  if (text[i] == '!' && i + 1 < text.size() && text[i + 1] == '[') {
    return failure_at(item.positions[i], "images are not part of the task text");
  }
  if (text[i] == ']' && i + 1 < text.size() && text[i + 1] == '(') {
    return failure_at(item.positions[i], "links are not part of the task text");
  }
  return Status::success();
}

void add_span(std::vector<TextSpan>& spans, TextSpan::Style style, std::string text) {
  if (style == TextSpan::Style::Plain && !spans.empty() && spans.back().style == TextSpan::Style::Plain) {
    spans.back().text += text;
    return;
  }
  spans.push_back(TextSpan{style, std::move(text)});
}

// The run of '*' starting at i.
std::size_t star_run(const std::string& text, std::size_t i) {
  std::size_t j = i;
  while (j < text.size() && text[j] == '*') ++j;
  return j - i;
}

// Text up to the closing run of exactly `stars` stars preceded by a non-space, escapes
// resolved; `end` is set to the closing run's start. False when there is none.
bool emphasis_content(const JoinedText& item, std::size_t from, std::size_t stars, std::string& content,
                      std::size_t& end, Status& status) {
  const std::string& text = item.text;
  for (std::size_t j = from; j < text.size(); ++j) {
    if (text[j] == '\\' && j + 1 < text.size() && is_escapable(text[j + 1])) {
      content += text[++j];
      continue;
    }
    if (text[j] == '*') {
      const std::size_t run = star_run(text, j);
      if (run == stars && text[j - 1] != ' ') {
        end = j;
        return true;
      }
      content.append(run, '*');
      j += run - 1;
      continue;
    }
    status = check_not_html(item, j);
    if (status.ok()) status = check_not_link(item, j);
    if (!status.ok()) return false;
    content += text[j];
  }
  return false;
}

// One item's text => spans.
Status read_spans(const JoinedText& item, std::vector<TextSpan>& spans) {
  const std::string& text = item.text;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\\' && i + 1 < text.size() && is_escapable(text[i + 1])) {
      add_span(spans, TextSpan::Style::Plain, std::string(1, text[i + 1]));
      i += 2;
      continue;
    }
    if (c == '`' || c == '$') {
      if (c == '$' && i + 1 < text.size() && text[i + 1] == '$') {
        return failure_at(item.positions[i], "display math ($$) is not part of the task text (write $inline math$)");
      }
      const std::size_t close = text.find(c, i + 1);
      if (close == std::string::npos) {
        return failure_at(item.positions[i], c == '`' ? "`code` opened here is not closed (write \\` for a literal `)"
                                                      : "$math$ opened here is not closed (write \\$ for a literal $)");
      }
      add_span(spans, c == '`' ? TextSpan::Style::Code : TextSpan::Style::Math, text.substr(i + 1, close - i - 1));
      i = close + 1;
      continue;
    }
    if (c == '*') {
      const std::size_t run = star_run(text, i);
      const bool opens = i + run < text.size() && text[i + run] != ' ';
      if (!opens) {
        add_span(spans, TextSpan::Style::Plain, std::string(run, '*'));
        i += run;
        continue;
      }
      if (run > 2) {
        return failure_at(item.positions[i], "*** is not part of the task text (use *emphasis* or **strong**)");
      }
      std::string content;
      std::size_t end = 0;
      Status inner = Status::success();
      if (!emphasis_content(item, i + run, run, content, end, inner)) {
        if (!inner.ok()) return inner;
        return failure_at(item.positions[i], std::string(run == 1 ? "*emphasis*" : "**strong**") +
                                                 " opened here is not closed (write \\* for a literal *)");
      }
      add_span(spans, run == 1 ? TextSpan::Style::Emphasis : TextSpan::Style::Strong, content);
      i = end + run;
      continue;
    }
    CONTACTLAB_RETURN_IF_ERROR(check_not_html(item, i));
    CONTACTLAB_RETURN_IF_ERROR(check_not_link(item, i));
    add_span(spans, TextSpan::Style::Plain, std::string(1, c));
    ++i;
  }
  return Status::success();
}

// Characters, and control characters other than the line break (which the text's
// reader cannot show).
Status check_characters(const std::string& text, std::size_t max_characters) {
  std::size_t characters = 0;
  SourcePosition at;
  for (char c : text) {
    if (is_continuation_byte(c)) continue;
    ++characters;
    const unsigned char byte = static_cast<unsigned char>(c);
    if ((byte < 0x20 && c != '\n') || byte == 0x7F) {
      return failure_at(
          at, "control character " + std::to_string(byte) + " is not allowed (lines end with \\n; indent with spaces)");
    }
    if (c == '\n') {
      ++at.line;
      at.column = 1;
    } else {
      ++at.column;
    }
  }
  if (characters > max_characters) {
    return Status::failure("must be at most " + std::to_string(max_characters) + " characters, got " +
                           std::to_string(characters));
  }
  return Status::success();
}

}  // namespace

Status parse_task_text(const std::string& text, std::size_t max_characters, TaskText& parsed) {
  CONTACTLAB_RETURN_IF_ERROR(check_characters(text, max_characters));
  // (text) => blocks of consecutive non-blank lines
  std::vector<std::vector<SourceLine>> blocks(1);
  std::size_t start = 0;
  std::size_t number = 1;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    SourceLine line{text.substr(start, end - start), number++};
    if (is_blank(line.text)) {
      if (!blocks.back().empty()) blocks.emplace_back();
    } else {
      blocks.back().push_back(std::move(line));
    }
    start = end + 1;
  }
  if (blocks.back().empty()) blocks.pop_back();

  // (blocks) => paragraphs and lists of spans
  TaskText result;
  for (const std::vector<SourceLine>& lines : blocks) {
    TextBlock block;
    std::vector<JoinedText> items;
    CONTACTLAB_RETURN_IF_ERROR(read_block(lines, block, items));
    for (const JoinedText& item : items) {
      block.items.emplace_back();
      CONTACTLAB_RETURN_IF_ERROR(read_spans(item, block.items.back()));
    }
    result.blocks.push_back(std::move(block));
  }
  parsed = std::move(result);
  return Status::success();
}

std::string plain_text(const TaskText& text) {
  std::string plain;
  for (const TextBlock& block : text.blocks) {
    if (!plain.empty()) plain += "\n\n";
    for (std::size_t item = 0; item < block.items.size(); ++item) {
      if (item > 0) plain += "\n";
      if (block.kind == TextBlock::Kind::BulletList) plain += "- ";
      if (block.kind == TextBlock::Kind::NumberedList) plain += std::to_string(item + 1) + ". ";
      for (const TextSpan& span : block.items[item]) {
        plain += span.style == TextSpan::Style::Math ? "$" + span.text + "$" : span.text;
      }
    }
  }
  return plain;
}

std::string escape_markdown(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    if (std::string("\\`*_{}[]()<>#+-.!|$~").find(c) != std::string::npos) escaped += '\\';
    escaped += c;
  }
  return escaped;
}

}  // namespace contactlab
