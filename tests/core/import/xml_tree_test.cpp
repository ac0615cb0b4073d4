// The XML tree the URDF and COLLADA readers take (core/import/xml_tree.h), as tinyxml2
// builds it natively (tinyxml2_reader.h) and as the page hands it over in JSON
// (xml_tree_json.h): both give the same tree for the same document, and the JSON form
// is checked field by field.
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "import/tinyxml2_reader.h"
#include "import/urdf_parser.h"
#include "import/xml_tree_json.h"

namespace contactlab {
namespace {

// The tree back as the page's JSON, to compare two trees whole.
nlohmann::json tree_json(const XmlElement& element) {
  nlohmann::json json = {{"name", element.name}, {"line", element.line}, {"text", element.text}};
  json["attributes"] = nlohmann::json::array();
  for (const auto& [name, value] : element.attributes) json["attributes"].push_back({name, value});
  json["children"] = nlohmann::json::array();
  for (const XmlElement& child : element.children) json["children"].push_back(tree_json(child));
  return json;
}

TEST(XmlTree, Tinyxml2GivesNamesAttributesInOrderOwnTextAndStartTagLines) {
  XmlElement root;
  const std::string text =
      "<?xml version=\"1.0\"?>\n<!-- a <comment> -->\n<robot name=\"r\" b=\"&amp;\">\n"
      "<link name=\"a\">t1<![CDATA[<c>]]>t2<inertial/>t3</link>\n<gazebo/></robot>";
  ASSERT_TRUE(parse_xml_with_tinyxml2(text, root).ok());
  // Text that is only whitespace (between elements) is not kept.
  const nlohmann::json expected = nlohmann::json::parse(R"({"name": "robot", "line": 3, "text": "",
    "attributes": [["name", "r"], ["b", "&"]], "children": [
      {"name": "link", "line": 4, "text": "t1<c>t2t3", "attributes": [["name", "a"]],
       "children": [{"name": "inertial", "line": 4, "text": "", "attributes": [], "children": []}]},
      {"name": "gazebo", "line": 5, "text": "", "attributes": [], "children": []}]})");
  EXPECT_EQ(tree_json(root), expected);
}

TEST(XmlTree, TheJsonFormReadsBackTheSameTreeAndNavigatesLikeADocument) {
  XmlElement native;
  ASSERT_TRUE(parse_xml_with_tinyxml2("<a x=\"1\" n=\"7 apples\"><b/><c/><b id=\"2\"/></a>", native).ok());
  XmlElement page;
  ASSERT_TRUE(xml_tree_from_json(tree_json(native), page).ok());
  EXPECT_EQ(tree_json(page), tree_json(native));
  // Sibling links are those of the read tree, not of the one it came from.
  const XmlElement* first_b = page.first_child("b");
  ASSERT_NE(first_b, nullptr);
  EXPECT_EQ(first_b->next_sibling(), page.first_child("c"));
  ASSERT_NE(first_b->next_sibling("b"), nullptr);
  EXPECT_STREQ(first_b->next_sibling("b")->attribute("id"), "2");
  EXPECT_EQ(first_b->next_sibling("b")->next_sibling(), nullptr);
  EXPECT_EQ(page.first_child("missing"), nullptr);
  EXPECT_EQ(page.attribute("missing"), nullptr);
  EXPECT_EQ(page.int_attribute("x", 5), 1);
  EXPECT_EQ(page.int_attribute("n", 5), 7);  // its leading number, as tinyxml2 reads it
  EXPECT_EQ(page.int_attribute("missing", 5), 5);
  EXPECT_EQ(page.double_attribute("x", 5), 1.0);
}

TEST(XmlTree, TheJsonFormIsCheckedFieldByFieldNamingTheElement) {
  const auto error = [](const std::string& text) {
    XmlElement root;
    root.name = "untouched";
    const Status status = xml_tree_from_json(nlohmann::json::parse(text), root);
    EXPECT_FALSE(status.ok());
    EXPECT_EQ(root.name, "untouched");
    return status.message();
  };
  EXPECT_EQ(error(R"({"line": 1})"), "element /?: \"name\" must be a non-empty string");
  EXPECT_EQ(error(R"({"name": "robot", "children": [{"name": "link"}, {"name": "joint", "attributes": [["a"]]}]})"),
            "element /robot/joint[2]: \"attributes\": each must be [name, value], two strings");
  EXPECT_EQ(error(R"({"name": "robot", "line": -1})"), "element /robot: \"line\" must be a whole number >= 0");
  EXPECT_EQ(error(R"({"name": "robot", "text": 3})"), "element /robot: \"text\" must be a string");
  EXPECT_EQ(error(R"({"name": "robot", "children": {}})"), "element /robot: \"children\" must be an array of elements");
  nlohmann::json deep = {{"name", "leaf"}};
  for (std::size_t depth = 1; depth < kMaxXmlDepth; ++depth) deep = {{"name", "n"}, {"children", {deep}}};
  XmlElement root;
  EXPECT_TRUE(xml_tree_from_json(deep, root).ok());
  deep = {{"name", "n"}, {"children", {deep}}};
  EXPECT_NE(error(deep.dump()).find("the tree is deeper than 256 elements"), std::string::npos);
}

TEST(XmlTree, AUrdfReadFromEitherTreeGivesTheSameRobotAndErrorLines) {
  const std::string text =
      "<robot name=\"r\">\n<link name=\"a\"/>\n<link name=\"b\"/>\n"
      "<joint name=\"j\" type=\"revolute\"><parent link=\"a\"/><child link=\"b\"/>\n"
      "<limit lower=\"1\" upper=\"0\"/></joint></robot>";
  XmlElement native;
  ASSERT_TRUE(parse_xml_with_tinyxml2(text, native).ok());
  XmlElement page;
  ASSERT_TRUE(xml_tree_from_json(tree_json(native), page).ok());
  UrdfRobot robot;
  ImportReport report;
  const Status from_native = read_urdf_tree(native, robot, report);
  const Status from_page = read_urdf_tree(page, robot, report);
  EXPECT_EQ(from_native.message(), "URDF line 5: joint \"j\" <limit>: lower 1 is above upper 0");
  EXPECT_EQ(from_page.message(), from_native.message());
}

}  // namespace
}  // namespace contactlab
