"""Korean statute structure: a pinpoint like 제15조 제1항 제2호 must land on exactly the words the statute
says there, whatever shape (DRF XML, DRF JSON, legalize-kr Markdown) the law arrived in."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from verifier.model import Pinpoint, SourceUnit
from verifier.sources.lawgokr.structure import (
    KrLaw,
    StructureError,
    circled_to_int,
    int_to_circled,
    jo_code,
    parse_article_ref,
    parse_law_json,
    parse_law_xml,
    strip_revision_notes,
)
from verifier.sources.lawgokr.structure_markdown import law_from_markdown
from verifier.sources.units import unit_for

DATA = Path(__file__).resolve().parents[3] / "data"
STATUTES = DATA / "corpus" / "kr" / "statutes"
RECORDED = DATA / "recorded" / "korea_law_go_kr"


@cache
def corpus_law(name: str) -> KrLaw:
    return law_from_markdown(next((STATUTES / name).glob("*.md")).read_text(encoding="utf-8"))


@cache
def recorded_law(file: str) -> KrLaw:
    raw = (RECORDED / file).read_bytes()
    return parse_law_json(raw) if file.endswith(".json") else parse_law_xml(raw)


def unit_text(law: KrLaw, pinpoint: Pinpoint) -> tuple[SourceUnit, str]:
    text, units = law.render()
    unit = unit_for(units, pinpoint)
    assert unit is not None, f"{pinpoint} not found in {law.name}"
    return unit, text[unit.start : unit.end]


@pytest.mark.parametrize(
    ("law", "pinpoint", "label", "starts_with"),
    [
        (
            "민법",
            Pinpoint("103"),
            "제103조",
            "제103조(반사회질서의 법률행위) 선량한 풍속 기타 사회질서에 위반한",
        ),
        ("민법", Pinpoint("750"), "제750조", "제750조(불법행위의 내용) 고의 또는 과실로 인한 위법행위로"),
        ("민법", Pinpoint("2", "2"), "제2조 제2항", "② 권리는 남용하지 못한다."),
        (
            "개인정보보호법",
            Pinpoint("15", "1", "2"),
            "제15조 제1항 제2호",
            "2. 법률에 특별한 규정이 있거나 법령상 의무를 준수하기 위하여 불가피한 경우",
        ),
        (
            "개인정보보호법",
            Pinpoint("2", None, "1-2"),
            "제2조 제1호의2",
            '1의2. "가명처리"란 개인정보의 일부를',
        ),
        (
            "개인정보보호법",
            Pinpoint("2", None, "1", "가"),
            "제2조 제1호 가목",
            "가. 성명, 주민등록번호 및 영상 등을 통하여 개인을 알아볼 수 있는 정보",
        ),
        ("개인정보보호법", Pinpoint("7-2"), "제7조의2", "제7조의2(보호위원회의 구성 등)"),
        ("개인정보보호법", Pinpoint("8"), "제8조", "제8조 삭제 <2020.2.4>"),
        (
            "개인정보보호법",
            Pinpoint("17", "1", "1"),
            "제17조 제1항 제1호",
            "1. 정보주체의 동의를 받은 경우",
        ),
    ],
)
def test_it_finds_the_statutes_words_at_a_pinpoint_in_the_corpus(
    law: str, pinpoint: Pinpoint, label: str, starts_with: str
) -> None:
    unit, text = unit_text(corpus_law(law), pinpoint)
    assert unit.label == label
    assert text.startswith(starts_with)


@pytest.mark.parametrize(
    ("file", "pinpoint", "label", "starts_with"),
    [
        (
            "lawService_target-law_ID-001823_건축법_full_XML.xml",
            Pinpoint("2", "1", "8-2"),
            "제2조 제1항 제8호의2",
            '8의2. "결합건축"이란 제56조에 따른 용적률을',
        ),
        (
            "lawService_target-law_ID-001823_건축법_full_XML.xml",
            Pinpoint("2", "1", "8"),
            "제2조 제1항 제8호",
            '8. "건축"이란 건축물을 신축ㆍ증축ㆍ개축ㆍ재축(再築)하거나',
        ),
        (
            "lawService_target-law_ID-001823_건축법_full_XML.xml",
            Pinpoint("2", "1", "11", "나"),
            "제2조 제1항 제11호 나목",
            "나. 건축허가 또는 신고 시에",
        ),
        (
            "lawService_target-law_ID-001823_건축법_full_XML.xml",
            Pinpoint("4-2", "3"),
            "제4조의2 제3항",
            "③ 제2항에 따른 건축위원회의 심의 결과에 이의가 있는 자는",
        ),
        (
            "lawService_target-law_ID-001823_건축법_full_XML.xml",
            Pinpoint("1"),
            "제1조",
            "제1조(목적) 이 법은 건축물의 대지ㆍ구조ㆍ설비 기준 및 용도 등을 정하여",
        ),
        (
            "UpstageAI_ngs_41.json",
            Pinpoint("41", None, "17"),
            "제41조 제17호",
            "17. 「주택임대차보호법」 제8조에 따라 우선변제를 받을 수 있는 금액",
        ),
        (
            "UpstageAI_vat_46_raw.json",
            Pinpoint("46", "1", "2", "나"),
            "제46조 제1항 제2호 나목",
            "나. 「조세특례제한법」 제126조의3에 따른 현금영수증",
        ),
        (
            "UpstageAI_ita_12.json",
            Pinpoint("12", None, "2", "가"),
            "제12조 제2호 가목",
            "가. 논ㆍ밭을 작물 생산에",
        ),
    ],
)
def test_it_finds_the_statutes_words_at_a_pinpoint_in_recorded_api_bodies(
    file: str, pinpoint: Pinpoint, label: str, starts_with: str
) -> None:
    unit, text = unit_text(recorded_law(file), pinpoint)
    assert unit.label == label
    assert text.startswith(starts_with)


@pytest.mark.parametrize(
    ("file", "name", "law_id", "effective", "articles"),
    [
        ("lawService_target-law_ID-001823_건축법_full_XML.xml", "건축법", "001823", "2025-10-01", 166),
        ("lawService_target-lawjosub_ID-001823_JO-000100_XML.xml", "건축법", "001823", "2025-10-01", 1),
        ("UpstageAI_ngs_41.json", "국세징수법", "001585", "2026-10-02", 1),
        ("UpstageAI_ita_12.json", "소득세법", "001565", "2026-07-01", 1),
        ("UpstageAI_vat_46_raw.json", "부가가치세법", "001571", "2026-01-02", 1),
    ],
)
def test_it_reads_the_laws_identity_and_skips_chapter_heading_rows(
    file: str, name: str, law_id: str, effective: str, articles: int
) -> None:
    law = recorded_law(file)
    assert (law.name, law.law_id, law.effective_date, len(law.articles)) == (
        name,
        law_id,
        effective,
        articles,
    )
    assert law.kind == "법률"  # JSON gives it as {"content": "법률", "법종구분코드": "A0002"}
    text, _ = law.render()
    # 전문 rows (제1장 총칙, 제2관 압류금지 등, 제1절 비과세) are headings, not articles a draft can cite
    for heading in ("제1장 총칙", "제2관 압류금지 등", "제1절 비과세"):
        assert heading not in text


@pytest.mark.parametrize(
    ("name", "mst", "law_id", "effective", "last_article"),
    [
        ("민법", "284415", "001706", "2026-03-17", "1118"),
        ("개인정보보호법", "283839", "011357", "2026-09-11", "76"),
        ("근로기준법", "284443", "001872", "2027-01-01", "116"),
        ("형법", "284025", "001692", "2026-09-13", "372"),
        ("주택임대차보호법", "276291", "001248", "2026-01-02", "31"),
    ],
)
def test_it_reads_the_corpus_front_matter_and_stops_before_the_addenda(
    name: str, mst: str, law_id: str, effective: str, last_article: str
) -> None:
    law = corpus_law(name)
    assert (law.mst, law.law_id, law.effective_date) == (mst, law_id, effective)
    # 부칙 restart at 제1조; taking them in would make 제1조 ambiguous
    assert law.articles[-1].number == last_article
    numbers = [a.number for a in law.articles]
    assert len(numbers) == len(set(numbers))


def test_nested_subitem_lines_stay_with_their_subitem() -> None:
    law = recorded_law("UpstageAI_ita_12.json")
    text, units = law.render()
    subitems = [u for u in units if u.path[-1][0] == "subitem" and "다음의 급여" in text[u.start : u.end]]
    assert subitems, "ita_12 has a 목 whose 목내용 is a nested list of lines"
    body = text[subitems[0].start : subitems[0].end]
    assert "\n1)" in body


def test_units_nest_and_index_the_rendered_text() -> None:
    text, units = corpus_law("개인정보보호법").render()
    by_path = {u.path: u for u in units}
    assert len(by_path) == len(units), "every unit path is unique"
    for unit in units:
        assert 0 <= unit.start < unit.end <= len(text)
        if len(unit.path) > 1:
            parent = by_path[unit.path[:-1]]
            assert parent.start <= unit.start
            assert unit.end <= parent.end


@pytest.mark.parametrize(
    ("ref", "code"),
    [("제1조", "000100"), ("제10조", "001000"), ("제38조", "003800"), ("제2조의2", "000202"),
     ("제10조의2", "001002"), ("제28조의2", "002802"), ("2-2", "000202"), ("103", "010300")],
)  # fmt: skip
def test_it_encodes_articles_as_drf_jo_codes(ref: str, code: str) -> None:
    assert jo_code(ref) == code


@pytest.mark.parametrize("bad", ["", "제조", "제10000조", "제1조의100", "Article 5"])
def test_it_rejects_what_is_not_an_article_for_jo(bad: str) -> None:
    with pytest.raises(ValueError, match="article"):
        jo_code(bad)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("개인정보 보호법 제15조 제1항 제2호", Pinpoint("15", "1", "2")),
        ("제15조제1항제2호", Pinpoint("15", "1", "2")),
        ("민법 제2조의2", Pinpoint("2-2")),
        ("제2조 제8호의2", Pinpoint("2", None, "8-2")),
        ("제2조 제1호 가목", Pinpoint("2", None, "1", "가")),
        ("제46조 제1항 제2호 나목에 따라", Pinpoint("46", "1", "2", "나")),
        ("민법 제750조에 의하면", Pinpoint("750")),
        ("이 법에 따라", None),
    ],
)
def test_it_parses_article_references(text: str, expected: Pinpoint | None) -> None:
    assert parse_article_ref(text) == expected


@pytest.mark.parametrize(
    ("mark", "number"), [("①", 1), ("⑳", 20), ("㉑", 21), ("㉟", 35), ("㊱", 36), ("㊿", 50)]
)
def test_circled_numbers_cover_all_three_unicode_runs(mark: str, number: int) -> None:
    assert circled_to_int(mark) == number
    assert int_to_circled(number) == mark


@pytest.mark.parametrize("bad", ["1", "⓪", "(1)", ""])
def test_it_rejects_what_is_not_a_circled_number(bad: str) -> None:
    with pytest.raises(ValueError, match="circled"):
        circled_to_int(bad)


def test_paragraph_twenty_one_and_above_are_not_lost() -> None:
    # Constructed for this test in the recorded <법령> shape: korean-law-mcp once dropped 제21항+ because
    # ㉑ lives in a different Unicode block from ①..⑳.
    paragraphs = "".join(
        f"<항><항번호>{int_to_circled(n)}</항번호><항내용>{int_to_circled(n)} 제{n}항의 내용</항내용></항>"
        for n in range(1, 23)
    )
    xml = (
        "<법령><기본정보><법령ID>999999</법령ID><법령명_한글>시험법</법령명_한글></기본정보><조문>"
        '<조문단위 조문키="0003001"><조문번호>3</조문번호><조문여부>조문</조문여부>'
        "<조문내용>제3조</조문내용>"
        f"{paragraphs}</조문단위></조문></법령>"
    ).encode()
    unit, text = unit_text(parse_law_xml(xml), Pinpoint("3", "21"))
    assert unit.label == "제3조 제21항"
    assert text == "㉑ 제21항의 내용"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "그 수집 목적의 범위에서 이용할 수 있다. <개정 2023.3.14>",
            "그 수집 목적의 범위에서 이용할 수 있다.",
        ),
        ("다음과 같다. <개정 2009.6.9, 2011.9.16, 2020.4.7>", "다음과 같다."),
        ("나. 삭제 <2020.12.22>", "나. 삭제"),
        ("알려야 한다. <신설 2025.8.26>", "알려야 한다."),
        ("[본조신설 2014.5.28]", ""),
        ("「민사집행법」 제246조의2에 따른 생계비계좌", "「민사집행법」 제246조의2에 따른 생계비계좌"),
    ],
)
def test_revision_notes_are_stripped_for_matching_only(text: str, expected: str) -> None:
    assert strip_revision_notes(text) == expected


def test_revision_notes_stay_in_the_displayed_text() -> None:
    _, text = unit_text(corpus_law("개인정보보호법"), Pinpoint("15", "1"))
    assert "<개정 2023.3.14>" in text


@pytest.mark.parametrize(
    ("parser", "data", "message"),
    [
        (parse_law_xml, "<Law>일치하는 법령이 없습니다.</Law>".encode(), "got <Law>"),
        (parse_law_xml, b"<\xeb\xb2\x95\xeb\xa0\xb9><broken", "does not parse"),
        (parse_law_json, '{"Law": "일치하는 법령이 없습니다."}'.encode(), "expected"),
        (parse_law_json, b'{"truncated', "does not parse"),
    ],
)
def test_it_refuses_what_is_not_a_statute_body(parser: object, data: bytes, message: str) -> None:
    assert callable(parser)
    with pytest.raises(StructureError, match=message):
        parser(data)


def test_markdown_without_articles_is_refused() -> None:
    with pytest.raises(StructureError, match="no `##### 제N조`"):
        law_from_markdown("---\n제목: 빈법\n---\n\n# 빈법\n\n본문 없음\n")


# 개인정보 보호법 제51조 (tests/data/corpus/kr/statutes/개인정보보호법) in the shape law.go.kr's JSON
# sometimes gives: the 목 of both 호 as one array beside the 호, restarting at 가 for each (the case of
# chrisryugj/korean-law-mcp's article-parser.test.ts, "항 레벨 목", restated on our corpus's words)
_ART51_ITEMS = [
    "1. 「소비자기본법」 제29조에 따라 공정거래위원회에 등록한 소비자단체로서 다음 각 목의 요건을 모두"
    " 갖춘 단체",
    "2. 「비영리민간단체 지원법」 제2조에 따른 비영리민간단체로서 다음 각 목의 요건을 모두 갖춘 단체",
]
_ART51_SUBITEMS = [
    ("가", "정관에 따라 상시적으로 정보주체의 권익증진을 주된 목적으로 하는 단체일 것"),
    ("나", "단체의 정회원수가 1천명 이상일 것"),
    ("다", "「소비자기본법」 제29조에 따른 등록 후 3년이 경과하였을 것"),
    ("가", "법률상 또는 사실상 동일한 침해를 입은 100명 이상의 정보주체로부터 단체소송의 제기를 요청받을 것"),
    ("나", "정관에 개인정보 보호를 단체의 목적으로 명시한 후 최근 3년 이상 이를 위한 활동실적이 있을 것"),
    ("다", "단체의 상시 구성원수가 5천명 이상일 것"),
    ("라", "중앙행정기관에 등록되어 있을 것"),
]


def _article51_json(items: list[str], subitems: list[tuple[str, str]], *, nested: bool = False) -> bytes:
    ho = [{"호번호": f"{i}.", "호내용": text} for i, text in enumerate(items, start=1)]
    mok = [{"목번호": f"{n}.", "목내용": f"{n}. {text}"} for n, text in subitems]
    hang: dict[str, object] = {"호": ho}
    if nested:
        ho[0]["목"] = mok  # type: ignore[assignment]
    else:
        hang["목"] = mok
    unit = {
        "조문키": "0051001",
        "조문번호": "51",
        "조문여부": "조문",
        "조문제목": "단체소송의 대상 등",
        "조문내용": "제51조(단체소송의 대상 등) 다음 각 호의 어느 하나에 해당하는 단체는 …",
        "항": [hang],
    }
    doc = {"법령": {"기본정보": {"법령명_한글": "개인정보 보호법"}, "조문": {"조문단위": [unit]}}}
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


@pytest.mark.parametrize(
    ("items", "subitems", "nested", "pinpoints"),
    [
        pytest.param(
            _ART51_ITEMS,
            _ART51_SUBITEMS,
            False,
            {
                Pinpoint("51", None, "1", "다"): "등록 후 3년이 경과하였을 것",
                Pinpoint("51", None, "2", "가"): "100명 이상의 정보주체로부터",
                Pinpoint("51", None, "2", "라"): "중앙행정기관에 등록되어 있을 것",
            },
            id="sibling-목-go-to-their-호-by-the-가-reset",
        ),
        pytest.param(
            _ART51_ITEMS[:1],
            _ART51_SUBITEMS,
            False,
            {
                Pinpoint("51", None, "1", "다"): "등록 후 3년이 경과하였을 것",
                Pinpoint("51", None, "1", "라"): "중앙행정기관에 등록되어 있을 것",
            },
            id="more-runs-than-호-lose-no-목",
        ),
        pytest.param(
            _ART51_ITEMS[:1],
            _ART51_SUBITEMS[:3],
            True,
            {Pinpoint("51", None, "1", "나"): "단체의 정회원수가 1천명 이상일 것"},
            id="목-inside-호-as-before",
        ),
    ],
)
def test_subitems_beside_the_items_stay_under_the_right_item(
    items: list[str], subitems: list[tuple[str, str]], nested: bool, pinpoints: dict[Pinpoint, str]
) -> None:
    law = parse_law_json(_article51_json(items, subitems, nested=nested))
    text, units = law.render()
    for pinpoint, words in pinpoints.items():
        unit = unit_for(units, pinpoint)
        assert unit is not None, pinpoint
        assert words in text[unit.start : unit.end]
    for _, words in subitems:
        assert words in text  # whatever the shape, no 목 is dropped


def test_an_article_without_subitems_renders_as_before() -> None:
    law = parse_law_json(_article51_json(_ART51_ITEMS, []))
    text, _ = law.render()
    assert text.split("\n")[1:] == _ART51_ITEMS
