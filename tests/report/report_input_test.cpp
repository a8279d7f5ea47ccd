// Bad input to the report: each problem gets an error that names the file
// and the problem; extra fields are ignored; existing files are kept.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "report/charts.h"
#include "report/output_file.h"
#include "report/page.h"
#include "report/result.h"
#include "report/svg.h"
#include "selfplay/report.h"
#include "selfplay/runner.h"
#include "tengen/version.h"

namespace tengen::report {
namespace {

using nlohmann::json;

json good_json() {
  selfplay::RunConfig config;
  config.width = config.height = 5;
  config.games = 200;
  config.seed = 3;
  config.threads = 1;
  return json::parse(selfplay::summary_json(selfplay::run_selfplay(config)));
}

// The message parse_result throws, or "" if it accepts the text.
std::string error_text_of(const std::string& text) {
  try {
    parse_result(text, "in.json");
  } catch (const ResultError& e) {
    return e.what();
  }
  return "";
}

std::string error_of(const json& j) {
  return error_text_of(j.dump());
}

TEST(ReportInput, GoodResultParses) {
  EXPECT_EQ(error_of(good_json()), "");
}

TEST(ReportInput, NotJsonOrNotAResult) {
  EXPECT_NE(error_text_of("{\"games\": 3").find("in.json: not a Tengen result: not JSON"),
            std::string::npos);
  EXPECT_NE(error_text_of("[1, 2]").find("in.json: not a Tengen result"), std::string::npos);
  EXPECT_NE(error_of(json{{"name", "x"}}).find("in.json: not a Tengen result"), std::string::npos);
}

TEST(ReportInput, WrongVersion) {
  json j = good_json();
  j["version"] = "7.3.0";
  EXPECT_EQ(error_of(j), "in.json: written by tengen 7.3.0, which this tengen (" TENGEN_VERSION
                         ") does not read");
  EXPECT_TRUE(readable_version(TENGEN_VERSION));
  EXPECT_FALSE(readable_version(""));
  EXPECT_FALSE(readable_version("0.10.0"));
}

TEST(ReportInput, MissingAndMistypedFields) {
  json j = good_json();
  j.erase("ownership");
  EXPECT_EQ(error_of(j), "in.json: missing field 'ownership'");
  j = good_json();
  j["ownership"].erase("white");
  EXPECT_EQ(error_of(j), "in.json: missing field 'ownership.white'");
  j = good_json();
  j["games"] = "many";
  EXPECT_EQ(error_of(j), "in.json: field 'games' is not an integer");
  j = good_json();
  j["black_wins"] = -1;
  EXPECT_EQ(error_of(j), "in.json: field 'black_wins' is -1, below 0");
  j = good_json();
  j["ownership"]["black"].erase(0);
  EXPECT_EQ(error_of(j),
            "in.json: field 'ownership.black' is not a list of 25 counts, one per point");
  j = good_json();
  j["first_moves"][0]["move"] = "Z99";
  EXPECT_EQ(error_of(j), "in.json: first move \"Z99\" is not a point of the board");
  j = good_json();
  j["rules_settings"] = "ko=sometimes";
  EXPECT_NE(error_of(j).find("in.json: field 'rules_settings' is not a rules string"),
            std::string::npos);
}

TEST(ReportInput, InconsistentCounts) {
  json j = good_json();
  j["black_wins"] = j["black_wins"].get<int64_t>() + 1;
  EXPECT_NE(error_of(j).find("in.json: inconsistent: black_wins + white_wins + draws add up to"),
            std::string::npos);
  j = good_json();
  j["komi"] = 7;
  EXPECT_NE(error_of(j).find("in.json: field 'komi' (7) disagrees with 'rules_settings'"),
            std::string::npos);
  j = good_json();
  j["margin_histogram"][0][0] = j["margin_histogram"][0][0].get<double>() + 0.5;
  EXPECT_NE(error_of(j).find("is not a whole number of points before komi"), std::string::npos);
  j = good_json();
  j["turns_histogram"][0][1] = j["turns_histogram"][0][1].get<int64_t>() + 1;
  EXPECT_NE(error_of(j).find("the turns_histogram counts add up to"), std::string::npos);
}

TEST(ReportInput, ExtraFieldsAreIgnored) {
  json j = good_json();
  const Result plain = parse_result(j.dump(), "a.json");
  j["shards"] = json::array({{{"seed", 1}, {"games", 100}}});
  j["format"] = "tengen-result";
  const Result extra = parse_result(j.dump(), "a.json");
  EXPECT_EQ(report_page({plain}), report_page({extra}));
  // Settings a merged result may lack are shown as n/a.
  j.erase("threads");
  j.erase("seconds");
  EXPECT_NE(report_page({parse_result(j.dump(), "a.json")}).find("n/a"), std::string::npos);
}

TEST(ReportInput, FilesAreNamedAndKept) {
  const std::filesystem::path dir = std::filesystem::path(testing::TempDir()) / "report_input";
  std::filesystem::create_directories(dir);
  const std::string missing = (dir / "missing.json").string();
  std::filesystem::remove(missing);
  try {
    read_result(missing);
    ADD_FAILURE() << "read a missing file";
  } catch (const ResultError& e) {
    EXPECT_EQ(std::string(e.what()), missing + ": cannot be read");
  }
  const std::string out = (dir / "page.html").string();
  std::filesystem::remove(out);
  write_new_file(out, "first", false);
  EXPECT_THROW(write_new_file(out, "second", false), std::runtime_error);
  std::ifstream kept(out);
  std::string text((std::istreambuf_iterator<char>(kept)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "first");
  write_new_file(out, "third", true);
  std::ifstream replaced(out);
  std::getline(replaced, text);
  EXPECT_EQ(text, "third");
}

TEST(ReportInput, SvgPieces) {
  EXPECT_EQ(escape_xml("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
  EXPECT_EQ(num(1.5), "1.5");
  EXPECT_EQ(num(2.0), "2");
  EXPECT_EQ(num(-0.001), "0");
  EXPECT_EQ(num(3.14159), "3.14");
  EXPECT_EQ(hex(viridis(0)), "#440154");
  EXPECT_EQ(hex(viridis(1)), "#fde725");
  EXPECT_EQ(hex(cividis(0)), "#00224e");
  EXPECT_EQ(hex(cividis(2)), "#fee838");
  EXPECT_EQ(column_letter(7), 'H');
  EXPECT_EQ(column_letter(8), 'J');
  EXPECT_EQ(column_letter(18), 'T');
}

}  // namespace
}  // namespace tengen::report
