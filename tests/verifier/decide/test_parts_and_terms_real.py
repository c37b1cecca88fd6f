"""A part of a unit, or a term, the draft attaches to a citation is evidence of which unit it means: "the
second sentence of Article 38(3)" needs a paragraph of two sentences, "민법 제358조 본문" an article with a
proviso, and "‘non-material damage’, within the meaning of Article 82" an article that uses those words. Each
row is a sentence of a real judgment (tests/data/real/, the judgment and its date named) as the court wrote
it, which must not be blocked, or with the article moved to its neighbour (as tests/accuracy/real_mutate.py
moves it), which must be blocked for that reason, naming what is missing or where the term stands. Run
through the product's path, offline, as of the judgment's date."""

from __future__ import annotations

import pytest

from tests.verifier.decide.real_rows import BLOCKS, finding_for
from verifier.model import Status

# C-453/21, X-FAB Dresden (9 February 2023), paragraph 26
DPO_INDEPENDENCE = (
    "Second, the objective of ensuring the functional independence of the DPO, as it follows from the "
    "second sentence of Article {article}(3) of the GDPR, is also apparent from the first and third "
    "sentences of that provision, which require that that DPO is not to receive any instructions "
    "regarding the exercise of those tasks and is to report directly to the highest level of management "
    "of the controller or processor."
)
# C-453/21, paragraph 38
DPO_OTHER_TASKS = (
    "As regards, in the first place, the wording of the provision at issue, it should be noted that, as set "
    "out in the second sentence of Article {article}(6) of the GDPR, ‘the [DPO] may fulfil other tasks and "
    "duties."
)
# C-453/21, paragraph 37
CONFLICT = (
    "By its fourth question, the referring court asks, in essence, in which circumstances may the existence "
    "of a ‘conflict of interests’, within the meaning of Article {article}(6) of the GDPR, be established."
)
# C-456/22, Gemeinde Ummendorf (14 December 2023), paragraph 22
LOSS_OF_CONTROL = (
    "In those circumstances, although there is nothing to preclude the publication on the internet of "
    "personal data and the consequent loss of control over those data for a short period of time from "
    "causing the data subjects ‘non-material damage’, within the meaning of Article {article}(1) of the "
    "GDPR, giving rise to a right to compensation, those persons must also demonstrate that they have "
    "actually suffered such damage, however minimal."
)
# C-300/21, Österreichische Post (4 May 2023), paragraph 44
AUTONOMOUS = (
    "In that regard, it should be borne in mind that, as has been pointed out in paragraph 30 of the present "
    "judgment, the concept of ‘damage’ and, specifically in the present case, the concept of ‘non-material "
    "damage’, within the meaning of Article {article} of the GDPR, must be given an autonomous and uniform "
    "definition specific to EU law, in the absence of any reference to the domestic law of the Member States."
)
# 대법원 1993. 4. 13. 선고 92다24950 판결: 민법 제358조 본문 (its 단서: "다만, 법률에 특별한 규정 …")
KR_358 = (
    "건물의 소유를 목적으로 하여 토지를 임차한 사람이 그 토지 위에 소유하는 건물에 저당권을 설정한 때에는 "
    "민법 제{article}조 본문에 따라서 저당권의 효력이 그 건물뿐만 아니라 그 건물의 소유를 목적으로 한 토지의 "
    "임차권에도 미친다고 보아야 할 것이다."
)
# 대법원 1995. 8. 25. 선고 95도1351 판결: 형법 제16조 restated in the court's words, framed by "에 의하여"
# inside the rule it restates ("법령에 의하여 죄가 되지 아니한 것으로")
KR_16 = (
    "형법 제{article}조에 자기가 행한 행위가 법령에 의하여 죄가 되지 아니한 것으로 오인한 행위는 그 오인에 "
    "정당한 이유가 있는 때에 한하여 벌하지 아니한다고 규정하고 있는 것은 단순한 법률의 부지의 경우를 말하는 "
    "것이 아니고 일반적으로 범죄가 되는 경우이지만 자기의 특수한 경우에는 법령에 의하여 허용된 행위로서 죄가 "
    "되지 아니한다고 그릇 인식하고 그와 같이 그릇 인식함에 정당한 이유가 있는 경우에는 벌하지 아니한다는 "
    "취지이다."
)
# C-311/18, Facebook Ireland and Schrems (16 July 2020), paragraph 14: an article named by its heading
# (Article 46's text names Article 47's binding corporate rules, which makes the heading no less 46's)
HEADED = (
    "Article {article} of the GDPR, under the heading ‘Transfers subject to appropriate safeguards’, "
    "provides, in paragraphs 1 to 3:"
)
# C-453/21, the operative part: the term after the citation, pointing back at it
OPERATIVE = (
    "Article {article}(6) of Regulation 2016/679 must be interpreted as meaning that a ‘conflict of "
    "interests’, as provided for in that provision, may exist where a data protection officer is entrusted "
    "with other tasks or duties, which would result in him or her determining the objectives and methods of "
    "processing personal data on the part of the controller or its processor."
)

ROWS = [
    ("the second sentence of a paragraph of three", "en", "2023-02-09", DPO_INDEPENDENCE, 38, None, ""),
    (
        "the second sentence of a paragraph of one",
        "en",
        "2023-02-09",
        DPO_INDEPENDENCE,
        37,
        Status.UNVERIFIED,
        "sentence_missing",
    ),
    ("the second sentence, quoted", "en", "2023-02-09", DPO_OTHER_TASKS, 38, None, ""),
    (
        "the second sentence of Article 37(6), which has one",
        "en",
        "2023-02-09",
        DPO_OTHER_TASKS,
        37,
        Status.UNVERIFIED,
        "sentence_missing",
    ),
    ("a term of the cited paragraph", "en", "2023-02-09", CONFLICT, 38, None, ""),
    (
        "the term stands in the next article",
        "en",
        "2023-02-09",
        CONFLICT,
        37,
        Status.UNVERIFIED,
        "quote_in_other_unit",
    ),
    ("non-material damage in Article 82(1)", "en", "2023-12-14", LOSS_OF_CONTROL, 82, None, ""),
    (
        "non-material damage said to be Article 83(1)'s",
        "en",
        "2023-12-14",
        LOSS_OF_CONTROL,
        83,
        Status.UNVERIFIED,
        "quote_in_other_unit",
    ),
    ("two concepts of Article 82", "en", "2023-05-04", AUTONOMOUS, 82, None, ""),
    ("two concepts said to be Article 81's", "en", "2023-05-04", AUTONOMOUS, 81, Status.UNVERIFIED, None),
    ("본문 of an article with a proviso", "ko", "1993-04-13", KR_358, 358, None, ""),
    (
        "본문 of an article without one",
        "ko",
        "1993-04-13",
        KR_358,
        357,
        Status.UNVERIFIED,
        "proviso_missing",
    ),
    # 제359조's second sentence opens with 그러나: the older wordings' proviso, so its 본문 exists
    ("본문 of an article whose proviso opens with 그러나", "ko", "1993-04-13", KR_358, 359, None, ""),
    ("an article under its own heading", "en", "2020-07-16", HEADED, 46, None, ""),
    (
        "an article under the heading of the one before it",
        "en",
        "2020-07-16",
        HEADED,
        47,
        Status.UNVERIFIED,
        "title_of_other_unit",
    ),
    ("a term as provided for in that provision", "en", "2023-02-09", OPERATIVE, 38, None, ""),
    (
        "a term of Article 38(6) said to be provided for in Article 37(6)",
        "en",
        "2023-02-09",
        OPERATIVE,
        37,
        Status.UNVERIFIED,
        "quote_in_other_unit",
    ),
    ("형법 제16조 restated", "ko", "1995-08-25", KR_16, 16, None, ""),
    (
        "제16조's rule restated under 제15조",
        "ko",
        "1995-08-25",
        KR_16,
        15,
        Status.UNVERIFIED,
        "restated_in_other_unit",
    ),
]


@pytest.mark.parametrize(
    ("why", "lang", "as_of", "template", "article", "status", "key"), ROWS, ids=[r[0] for r in ROWS]
)
def test_a_part_or_term_of_another_unit_is_blocked_and_the_courts_own_is_not(
    why: str, lang: str, as_of: str, template: str, article: int, status: Status | None, key: str | None
) -> None:
    law = "형법" if "형법" in template else "민법"
    citation = f"{law} 제{article}조" if lang == "ko" else f"Article {article}"
    finding = finding_for(lang, as_of, template.format(article=article), citation, prefix=True)
    assert finding.reason is not None
    if status is None:
        assert finding.status not in BLOCKS, (why, finding.rationale)
        return
    assert finding.status == status, (why, finding.rationale)
    if key is not None:
        assert finding.reason.key == key, (why, finding.rationale)


def test_a_missing_sentence_is_named_with_the_count_in_every_language() -> None:
    finding = finding_for("en", "2023-02-09", DPO_INDEPENDENCE.format(article=37), "Article 37", prefix=True)
    assert finding.reason is not None
    for lang, words in (("en", "1 sentence"), ("pl", "zdań: 1"), ("ko", "1개")):
        text = finding.reason.render(lang)
        assert words in text, text
        assert "37(3)" in text, text


def test_the_term_block_names_the_unit_that_uses_it() -> None:
    finding = finding_for("en", "2023-12-14", LOSS_OF_CONTROL.format(article=83), "Article 83", prefix=True)
    assert "Article 82(1)" in finding.rationale, finding.rationale
    assert "Article 83(1)" in finding.rationale, finding.rationale
    shown = [e.excerpt for e in (finding.match, *finding.nearest) if e is not None]
    assert "non-material damage" in shown, shown  # the excerpt shown is the term where Article 82(1) has it
