"""The offline corpus (every format of tests/data/corpus indexed by anchor key) and user-attached sources."""

from __future__ import annotations

from pathlib import Path

import pytest

from verifier.model import Anchor, Found, Jurisdiction, Kind, Misconfigured
from verifier.sources.local import CorpusResolver, LocalSources
from verifier.sources.supplied.uploads import UploadResolver, document_from_upload

CORPUS = Path(__file__).resolve().parents[2] / "data" / "corpus"


@pytest.fixture(scope="module")
def corpus() -> CorpusResolver:
    return CorpusResolver(CORPUS)


def found(corpus: CorpusResolver, key: str):
    answer = corpus.resolve(Anchor(key))
    assert isinstance(answer, Found), answer
    return answer.document


@pytest.mark.parametrize(
    ("key", "kind", "title", "date", "court"),
    [
        ("kr:law:민법", Kind.STATUTE, "민법", "2026-03-17", None),
        ("kr:law:개인정보보호법", Kind.STATUTE, "개인정보 보호법", "2026-09-11", None),
        ("kr:law:근로기준법", Kind.STATUTE, "근로기준법", "2027-01-01", None),
        ("kr:prec:2004도4869", Kind.JUDGMENT, "업무방해", "2004-10-15", "대법원"),
        ("kr:prec:83모8", Kind.JUDGMENT, "형실효선고·각하결정에대한재항고", "1983-04-02", "대법원"),
        ("pl:case:III CZP 36/02", Kind.JUDGMENT, "uchwała — Sąd Najwyższy", "2002-07-05", "Sąd Najwyższy"),
        ("pl:case:K 24/04", Kind.CONSTITUTIONAL_DECISION, "wyrok — Trybunał Konstytucyjny", "2005-01-12",
         "Trybunał Konstytucyjny"),
        ("pl:case:II Ca 2026/13", Kind.JUDGMENT, "wyrok — Sąd Okręgowy w Krakowie", "2014-02-27",
         "Sąd Okręgowy w Krakowie"),
        ("pl:case:III AUa 271/12", Kind.JUDGMENT, "wyrok — Sąd Apelacyjny we Wrocławiu", "2012-05-17",
         "Sąd Apelacyjny we Wrocławiu"),
        ("pl:case:XV K 792/13", Kind.JUDGMENT, "wyrok — Sąd Rejonowy w Białymstoku", "2014-01-16",
         "Sąd Rejonowy w Białymstoku"),
        ("pl:act:DU/1964/93", Kind.STATUTE, "Ustawa z dnia 23 kwietnia 1964 r. Kodeks cywilny", None, None),
        ("pl:act:DU/2018/1000", Kind.STATUTE, "Ustawa z dnia 10 maja 2018 r. o ochronie danych osobowych",
         None, None),
        ("pl:act:DU/1974/141", Kind.STATUTE, "Ustawa z dnia 26 czerwca 1974 r. Kodeks pracy.",
         "1974-06-26", None),
        ("eu:celex:32016R0679", Kind.EU_ACT, "REGULATION (EU) 2016/679", None, None),
        ("eu:celex:62018CJ0311", Kind.EU_CASE,
         "Judgment of the Court (Grand Chamber) of 2020-07-16, C-311/18", "2020-07-16", "CJEU"),
        ("eu:case:C-300/21", Kind.EU_CASE, "Judgment of the Court (Third Chamber) of 2023-05-04, C-300/21",
         "2023-05-04", "CJEU"),
        ("eu:ecli:ECLI:EU:C:2020:559", Kind.EU_CASE, "Judgment of the Court (Grand Chamber)",
         "2020-07-16", "CJEU"),
    ],
)  # fmt: skip
def test_it_indexes_every_corpus_format_by_anchor_key(corpus, key, kind, title, date, court):
    doc = found(corpus, key)
    assert doc.key == key
    assert doc.kind is kind
    assert doc.title.startswith(title)
    assert doc.date == date
    assert doc.court == court
    assert doc.origin == "corpus"
    assert doc.text.strip()


@pytest.mark.parametrize(
    "key",
    [
        "kr:prec:2023다302036",  # real case, but not in the corpus (PROVENANCE §4)
        "eu:case:C-362/14",  # Schrems I: cited in C-311/18, its text is not in the corpus
        "pl:case:II CSK 123/19",
        "pl:act:DU/1997/553",
        "kr:law:상법",
        "pl:case:III CZP 39/02",  # a 61-character test placeholder in the SAOS import file, not a judgment
        "pl:case:K 27/03",  # truncated in the test file
    ],
)
def test_it_says_not_in_the_corpus_and_never_that_the_source_does_not_exist(corpus, key):
    answer = corpus.resolve(Anchor(key))
    assert isinstance(answer, Misconfigured)
    assert answer.reason.startswith(f"not in the offline corpus: {key}")


@pytest.mark.parametrize("key", ["pl:act:k.c.", "pl:act:Kodeks cywilny", "pl:act:kc"])
def test_a_code_cited_by_its_abbreviation_is_the_same_act(corpus, key):
    doc = found(corpus, key)
    assert doc.key == key
    assert doc.id == "corpus:eli:DU/1964/93"


def test_it_lists_what_it_left_out_and_why(corpus):
    corpus.documents()
    assert any(s.startswith("III CZP 39/02") and "placeholder" in s for s in corpus.skipped)


def test_it_gives_each_source_once_in_documents(corpus):
    documents = list(corpus.documents())
    ids = [d.id for d in documents]
    assert len(ids) == len(set(ids))
    keys = {d.key for d in documents}
    assert "eu:celex:62018CJ0311" in keys
    assert "eu:case:C-311/18" not in keys  # an alias, not a second document
    assert {"kr", "pl", "eu"} == {d.jurisdiction.value for d in documents}


@pytest.mark.parametrize(
    ("label", "start", "from_amendment"),
    [
        ("art. 385¹ § 1",
         "§ 1. Postanowienia umowy zawieranej z konsumentem nie uzgodnione indywidualnie nie wiążą go", True),
        ("art. 353¹",
         "Art. 353¹. Strony zawierające umowę mogą ułożyć stosunek prawny według swego uznania", True),
        ("art. 385",
         "Art. 385. § 1. W razie sprzeczności treści umowy z wzorcem umowy strony są związane umową.", True),
        ("art. 5", "Art. 5. Nie można czynić ze swego prawa użytku", False),
        ("art. 58 § 1", "§ 1. Czynność prawna sprzeczna z ustawą albo mająca na celu obejście ustawy jest "
         "nieważna", False),
    ],
)  # fmt: skip
def test_the_civil_code_serves_whole_articles_from_the_amending_acts_and_says_so(
    corpus, label, start, from_amendment
):
    doc = found(corpus, "pl:act:DU/1964/93")
    (unit,) = [u for u in doc.units if u.label == label]
    assert doc.text[unit.start : unit.end].startswith(start)
    appendix = doc.text.index("Brzmienie nadane ustawą")
    assert (unit.start > appendix) is from_amendment
    assert "NOT applied" in doc.meta["wording"]
    assert "DU/2000/271: art. 384, 384¹, 385, 385¹" in doc.meta["wording"]


def test_the_1964_wording_of_replaced_articles_stays_readable_in_the_text(corpus):
    doc = found(corpus, "pl:act:DU/1964/93")
    original_art_1 = (
        "Kodeks niniejszy reguluje stosunki cywilnoprawne między jednostkami gospodarki uspołecznionej"
    )
    assert original_art_1 in doc.text  # the base text is kept; only the unit moved to the newer wording
    (unit,) = [u for u in doc.units if u.label == "art. 1"]
    assert doc.text[unit.start : unit.end] == (
        "Art. 1. Kodeks niniejszy reguluje stosunki cywilnoprawne między osobami fizycznymi i osobami "
        "prawnymi."
    )


def test_a_kr_statute_from_the_corpus_has_the_units_of_the_live_api_shape(corpus):
    doc = found(corpus, "kr:law:민법")
    labels = {u.label for u in doc.units}
    assert {"제103조", "제2조 제1항"} <= labels
    (unit,) = [u for u in doc.units if u.label == "제103조"]
    assert (
        "선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다."
        in doc.text[unit.start : unit.end]
    )


def test_a_kr_precedent_from_the_corpus_has_its_holding_as_summary(corpus):
    doc = found(corpus, "kr:prec:2004도4869")
    assert doc.summary is not None
    assert doc.summary.startswith("구 형의실효등에관한법률 제7조에 따라 실효된 자격정지 이상의 형이")
    assert doc.text.startswith("【판시사항】\n")
    assert "【판례내용】" in doc.text


# ------------------------------------------------------------------ uploads


@pytest.mark.parametrize(
    ("key", "text", "labels", "jurisdiction", "kind"),
    [
        (
            "pl:act:DU/1964/93",
            "Art. 385¹.\n§ 1. Postanowienia umowy …\n§ 2. Jeżeli postanowienie …\n"
            "Art. 385².\nOceny zgodności …",
            ["art. 385¹", "art. 385¹ § 1", "art. 385¹ § 2", "art. 385²"],
            Jurisdiction.PL,
            Kind.STATUTE,
        ),
        (
            "pl:act:DU/2018/1000",
            "Art. 1.\n1. Ustawę stosuje się …\n2. Ustawa określa:\n1) podmioty publiczne …\na) lit\n",
            ["art. 1", "art. 1 ust. 1", "art. 1 ust. 2", "art. 1 ust. 2 pkt 1", "art. 1 ust. 2 pkt 1 lit. a"],
            Jurisdiction.PL,
            Kind.STATUTE,
        ),
        ("kr:law:민법", "제103조(반사회질서의 법률행위) 선량한 …\n제104조(불공정한 법률행위) 당사자의 …",
         ["제103조", "제104조"], Jurisdiction.KR, Kind.STATUTE),
        ("eu:celex:32016R0679", "Article 6\n\nLawfulness of processing\n\n1.   Processing shall be lawful …",
         ["Article 6", "Article 6(1)"], Jurisdiction.EU, Kind.EU_ACT),
        ("pl:case:II CSK 123/19", "WYROK\nW IMIENIU RZECZYPOSPOLITEJ POLSKIEJ\n…", [],
         Jurisdiction.PL, Kind.JUDGMENT),
    ],
)  # fmt: skip
def test_an_uploaded_source_keeps_its_words_with_the_units_its_text_shows(
    key, text, labels, jurisdiction, kind
):
    doc = document_from_upload(Anchor(key, number="II CSK 123/19"), text, "source.pdf")
    # a statute is laid out one unit a line as the official texts are; not a word is added or lost
    assert doc.text.split() == text.split()
    assert [u.label for u in doc.units] == labels
    assert (doc.jurisdiction, doc.kind, doc.origin) == (jurisdiction, kind, "upload")
    assert doc.date is None  # the user gave us a file, not its metadata
    assert doc.court is None


def test_an_uploaded_source_without_text_is_refused():
    with pytest.raises(ValueError, match="has no text"):
        document_from_upload(Anchor("pl:case:II CSK 123/19"), "  \n", "empty.pdf")


def test_an_attached_source_answers_at_once_and_before_the_corpus(corpus):
    uploads = UploadResolver()
    local = LocalSources(uploads, corpus)
    anchor = Anchor("pl:case:II CSK 123/19")
    assert isinstance(local.resolve(anchor), Misconfigured)
    uploads.attach(anchor, "Sąd Najwyższy … oddala skargę kasacyjną.", "wyrok.pdf")
    answer = local.resolve(anchor)
    assert isinstance(answer, Found)
    assert answer.document.origin == "upload"
    corpus_answer = local.resolve(Anchor("pl:case:III CZP 36/02"))
    assert isinstance(corpus_answer, Found)
    assert corpus_answer.document.origin == "corpus"


def test_a_missing_corpus_folder_is_a_clear_error(tmp_path):
    with pytest.raises(ValueError, match="corpus folder does not exist"):
        CorpusResolver(tmp_path / "nope")


def test_routers_built_per_review_share_one_reading_of_the_corpus():
    from verifier.sources.local import shared_corpus

    first = shared_corpus(CORPUS)
    assert shared_corpus(str(CORPUS) + "/") is first
    assert shared_corpus(CORPUS / "kr" / "..") is first
