// The task text's Markdown subset (exercise/task_text.h): the blocks and spans it
// reads, and the constructs it refuses with the line and column.
#include <gtest/gtest.h>

#include <string>

#include "exercise/task_text.h"

namespace contactlab {
namespace {

using Style = TextSpan::Style;
using Kind = TextBlock::Kind;

TaskText parsed(const std::string& text) {
  TaskText result;
  const Status status = parse_task_text(text, 20000, result);
  EXPECT_TRUE(status.ok()) << status.message();
  return result;
}

std::string task_text_refusal(const std::string& text) {
  TaskText result;
  result.blocks.resize(3);  // untouched on failure
  const Status status = parse_task_text(text, 20000, result);
  EXPECT_FALSE(status.ok()) << text;
  EXPECT_EQ(result.blocks.size(), 3u) << "the result changed although the text was refused";
  return status.message();
}

TEST(TaskText, ReadsParagraphsListsAndSpans) {
  const TaskText text = parsed(
      "A box on a *slope*, with **mu** = `friction_coefficient`\n"
      "and $\\mu = \\tan\\theta$.\n"
      "\n"
      "- first item\n"
      "  continued\n"
      "- second\n"
      "\n"
      "\n"
      "1. one\n"
      "2. two \\*literal\\* star, 2 * 3, a < b");
  ASSERT_EQ(text.blocks.size(), 3u);

  const TextBlock& paragraph = text.blocks[0];
  EXPECT_EQ(paragraph.kind, Kind::Paragraph);
  ASSERT_EQ(paragraph.items.size(), 1u);
  const std::vector<TextSpan>& spans = paragraph.items[0];
  ASSERT_EQ(spans.size(), 9u);
  EXPECT_EQ(spans[0].style, Style::Plain);
  EXPECT_EQ(spans[0].text, "A box on a ");
  EXPECT_EQ(spans[1].style, Style::Emphasis);
  EXPECT_EQ(spans[1].text, "slope");
  EXPECT_EQ(spans[3].style, Style::Strong);
  EXPECT_EQ(spans[3].text, "mu");
  EXPECT_EQ(spans[5].style, Style::Code);
  EXPECT_EQ(spans[5].text, "friction_coefficient");
  EXPECT_EQ(spans[6].text, " and ") << "lines of a paragraph are joined by one space";
  EXPECT_EQ(spans[7].style, Style::Math);
  EXPECT_EQ(spans[7].text, "\\mu = \\tan\\theta");
  EXPECT_EQ(spans[8].text, ".");

  const TextBlock& bullets = text.blocks[1];
  EXPECT_EQ(bullets.kind, Kind::BulletList);
  ASSERT_EQ(bullets.items.size(), 2u);
  EXPECT_EQ(bullets.items[0][0].text, "first item continued");
  EXPECT_EQ(bullets.items[1][0].text, "second");

  const TextBlock& numbered = text.blocks[2];
  EXPECT_EQ(numbered.kind, Kind::NumberedList);
  ASSERT_EQ(numbered.items.size(), 2u);
  ASSERT_EQ(numbered.items[1].size(), 1u);
  EXPECT_EQ(numbered.items[1][0].text, "two *literal* star, 2 * 3, a < b");
}

TEST(TaskText, KeepsCodeAndMathVerbatimAndSpansFlat) {
  const TaskText text = parsed("`<b>&amp;` and $a<b$ and *a **b** c*");
  const std::vector<TextSpan>& spans = text.blocks[0].items[0];
  ASSERT_EQ(spans.size(), 5u);
  EXPECT_EQ(spans[0].text, "<b>&amp;") << "inside code, markup is text";
  EXPECT_EQ(spans[2].text, "a<b");
  EXPECT_EQ(spans[4].style, Style::Emphasis);
  EXPECT_EQ(spans[4].text, "a **b** c") << "no nesting: stars of another count are literal inside";
}

TEST(TaskText, TakesUnicodeAndCountsItsCharacters) {
  const TaskText text = parsed("μ ≤ tan θ");
  EXPECT_EQ(text.blocks[0].items[0][0].text, "μ ≤ tan θ");
  TaskText result;
  EXPECT_TRUE(parse_task_text("μμμ", 3, result).ok());
  EXPECT_EQ(task_text_refusal(std::string(20001, 'a')), "must be at most 20000 characters, got 20001");
}

TEST(TaskText, RefusesHtmlWithTheLineAndColumn) {
  EXPECT_EQ(task_text_refusal("first line\nsecond <b>bold</b>"),
            "line 2, column 8: raw HTML is not allowed (write \"a < b\" with spaces, or \\< for a literal <)");
  EXPECT_EQ(task_text_refusal("<script>alert(1)</script>"),
            "line 1, column 1: raw HTML is not allowed (write \"a < b\" with spaces, or \\< for a literal <)");
  EXPECT_EQ(task_text_refusal("a <!-- comment -->").substr(0, 38), "line 1, column 3: raw HTML is not allo");
  EXPECT_EQ(task_text_refusal("*<img src=x>*").substr(0, 17), "line 1, column 2:") << "inside emphasis too";
  EXPECT_EQ(task_text_refusal("x &amp; y"),
            "line 1, column 3: HTML character references are not allowed (write the character itself)");
  EXPECT_EQ(task_text_refusal("x &#60; y").substr(0, 17), "line 1, column 3:");
  EXPECT_EQ(task_text_refusal("x &#x3C; y").substr(0, 17), "line 1, column 3:");
  TaskText result;
  EXPECT_TRUE(parse_task_text("AT&T and a & b; \\<b>", 100, result).ok()) << "a bare & and an escaped < are text";
}

TEST(TaskText, RefusesLinksImagesAndBlocksOutsideTheSubset) {
  EXPECT_EQ(task_text_refusal("see [the seed](http://x)"), "line 1, column 14: links are not part of the task text");
  EXPECT_EQ(task_text_refusal("![plot](p.png)"), "line 1, column 1: images are not part of the task text");
  EXPECT_EQ(task_text_refusal("[x]: http://x"), "line 1, column 1: link definitions are not part of the task text");
  EXPECT_EQ(task_text_refusal("# Title"),
            "line 1, column 1: headings are not part of the task text (write a paragraph, with **strong** words)");
  EXPECT_EQ(task_text_refusal("text\n> quote"), "line 2, column 1: block quotes are not part of the task text");
  EXPECT_EQ(task_text_refusal("```\ncode\n```"),
            "line 1, column 1: code blocks are not part of the task text (write `code` within a line)");
  EXPECT_EQ(task_text_refusal("text\n---"), "line 2, column 1: rules and underlined headings are not part of the task text");
  EXPECT_EQ(task_text_refusal("    indented"),
            "line 1, column 1: indented code is not part of the task text (start the paragraph without spaces)");
  EXPECT_EQ(task_text_refusal("* item"), "line 1, column 1: list items start with \"- \" (or \"1. \" for a numbered list)");
  EXPECT_EQ(task_text_refusal("text\n- item"),
            "line 2, column 1: a list must be separated from the paragraph above it by a blank line");
  EXPECT_EQ(task_text_refusal("- item\nloose"),
            "line 2, column 1: in a list each line starts an item with \"- \" or continues one, indented by two "
            "spaces");
  EXPECT_EQ(task_text_refusal("$$x$$"), "line 1, column 1: display math ($$) is not part of the task text (write $inline math$)");
  TaskText result;
  EXPECT_TRUE(parse_task_text("[0, 1] and #5 and a - b", 100, result).ok()) << "brackets, # and - in text are text";
}

TEST(TaskText, RefusesUnclosedSpansAndControlCharacters) {
  EXPECT_EQ(task_text_refusal("a *b c"), "line 1, column 3: *emphasis* opened here is not closed (write \\* for a literal *)");
  EXPECT_EQ(task_text_refusal("a **b* c"), "line 1, column 3: **strong** opened here is not closed (write \\* for a literal *)");
  EXPECT_EQ(task_text_refusal("x\n`code"), "line 2, column 1: `code` opened here is not closed (write \\` for a literal `)");
  EXPECT_EQ(task_text_refusal("costs $5"), "line 1, column 7: $math$ opened here is not closed (write \\$ for a literal $)");
  EXPECT_EQ(task_text_refusal("***x***"), "line 1, column 1: *** is not part of the task text (use *emphasis* or **strong**)");
  EXPECT_EQ(task_text_refusal("a\tb"),
            "line 1, column 2: control character 9 is not allowed (lines end with \\n; indent with spaces)");
  EXPECT_EQ(task_text_refusal("a\r\nb").substr(0, 38), "line 1, column 2: control character 13");
}

}  // namespace
}  // namespace contactlab
