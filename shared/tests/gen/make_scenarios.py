#!/usr/bin/env python3
"""Writes the engine's scenario files (shared/tests/scenarios/*.json), one or more per rule.

Each file is a coup-script scenario with an `expect` key (check-scenarios format) and a
`rule` key citing the rule it tests. Courts not given in full are completed from the deck
in a fixed order, so every file is exactly the deck of R1.5.
"""
import json, os, collections

OUT = os.path.join(os.path.dirname(__file__), "..", "scenarios")
BASE = ["duke", "assassin", "captain", "ambassador", "contessa"]
INQ = ["duke", "assassin", "captain", "inquisitor", "contessa"]


def copies(n):
    return 3 if n <= 6 else 4 if n <= 8 else 5


def deck(n, inquisitor=False):
    return [c for c in (INQ if inquisitor else BASE) for _ in range(copies(n))]


def court_for(hands, top, n, inquisitor):
    left = collections.Counter(deck(n, inquisitor))
    left.subtract(collections.Counter(c for h in hands for c in h))
    left.subtract(collections.Counter(top))
    assert all(v >= 0 for v in left.values()), (hands, top)
    rest = [c for c in (INQ if inquisitor else BASE) for _ in range(left[c])]
    return list(top) + rest


def P(p, do):
    return {"player": p, "do": do}


ALL = {"all": "pass"}


def write(name, rule, hands, steps, expect, top=(), inquisitor=False, allegiances=None,
          coins=None, face_up=None, first=None, reserve=None, court=None, options=None,
          players=None, views=False):
    n = players if players is not None else len(hands)
    opts = {"inquisitor": inquisitor, "allegiances": allegiances is not None}
    if options:
        opts.update(options)
    setup = {"players": n, "options": opts, "hands": hands,
             "court": court if court is not None else court_for(hands, top, n, inquisitor)}
    if allegiances:
        setup["allegiances"] = allegiances
    for key, val in (("coins", coins), ("face_up", face_up), ("first", first),
                     ("reserve", reserve)):
        if val is not None:
            setup[key] = val
    doc = {"rule": rule, "setup": setup, "steps": steps, "expect": expect}
    if views:
        doc["views"] = True
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def raw(name, rule, doc):
    doc = dict(doc, rule=rule)
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


H3 = [["duke", "captain"], ["assassin", "contessa"], ["ambassador", "duke"]]


def main():
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        if f.endswith(".json"):
            os.remove(os.path.join(OUT, f))
    # R1.1 player counts
    write("R1.1-one-player-is-invalid", "R1.1", [["duke", "captain"]], [], {"exit": 2})
    raw("R1.1-eleven-players-is-invalid", "R1.1", {"setup": {"players": 11, "seed": 1},
                                                  "steps": [], "expect": {"exit": 2}})
    # R1.2 inquisitor replaces ambassador
    write("R1.2-inquisitor-deck-has-no-ambassador", "R1.2", H3, [], {"exit": 2},
          options={"inquisitor": True})
    write("R1.2-exchange-with-inquisitor-draws-one", "R1.2",
          [["inquisitor", "duke"], ["assassin", "contessa"], ["captain", "duke"]],
          [P(0, "exchange"), ALL],
          {"ok": True, "state": {"pending": {"kind": "exchange", "players": [0],
                                             "drawn": ["captain"]}}},
          top=["captain"], inquisitor=True)
    write("R1.3-no-conversion-without-allegiances", "R1.3", H3, [P(0, {"convert": 0})],
          {"ok": False, "rejected_step": 0})
    write("R1.3-no-embezzlement-without-allegiances", "R1.3", H3, [P(0, "embezzle")],
          {"ok": False, "rejected_step": 0}, reserve=3)
    write("R1.4-draft-needs-two-players", "R1.4", H3, [], {"exit": 2},
          options={"two_player_draft": True})
    # R1.5 deck sizes at 7-10
    for n in (7, 8, 9, 10):
        cards = deck(n)
        hands = [[cards[(2 * i) % len(cards)], cards[(2 * i + 7) % len(cards)]] for i in range(n)]
        write(f"R1.5-deck-of-{len(cards)}-for-{n}-players", "R1.5", hands, [P(0, "income")],
              {"ok": True, "state": {"current": 1, "players": [{"coins": 3}] + [{"coins": 2}] * (n - 1)}})
        small = deck(n - 2 if n < 9 else 8)
        bad_hands = [[small[(2 * i) % len(small)], small[(2 * i + 3) % len(small)]] for i in range(n)]
        left = collections.Counter(small)
        left.subtract(collections.Counter(c for h in bad_hands for c in h))
        if all(v >= 0 for v in left.values()):
            court = [c for c in BASE for _ in range(left[c])]
        else:
            court = []
        write(f"R1.5-wrong-deck-size-for-{n}-players", "R1.5", bad_hands, [], {"exit": 2},
              court=court)
    # R2.2 coins
    write("R2.2-two-player-starting-player-takes-one", "R2.2",
          [["duke", "captain"], ["assassin", "contessa"]], [],
          {"ok": True, "state": {"players": [{"coins": 2}, {"coins": 1}], "current": 1}},
          first=1)
    # R2.5 draft
    write("R2.5-draft-seven-cards-in-play", "R2.5", [["duke", "duke"], ["assassin", "contessa"]],
          [P(0, "income"), P(1, "tax"), ALL],
          {"ok": True, "state": {"players": [{"coins": 2}, {"coins": 5}],
                                 "court": ["captain", "ambassador", "duke"]}},
          court=["captain", "ambassador", "duke"], options={"two_player_draft": True},
          coins=[1, 2])
    write("R2.5-draft-must-hold-each-character", "R2.5",
          [["duke", "duke"], ["duke", "contessa"]], [], {"exit": 2},
          court=["captain", "assassin", "duke"], options={"two_player_draft": True})
    write("R2.5-draft-with-full-deck-is-invalid", "R2.5",
          [["duke", "captain"], ["assassin", "contessa"]], [], {"exit": 2},
          options={"two_player_draft": True})
    raw("R2.5-seeded-draft-deals-seven", "R2.5",
        {"setup": {"players": 2, "options": {"two_player_draft": True}, "seed": 42},
         "steps": [], "expect": {"ok": True, "state": {"pending": {"kind": "action"}}}})
    # R2.6 allegiances
    write("R2.6-allegiances-required", "R2.6", H3, [], {"exit": 2}, options={"allegiances": True})
    raw("R2.6-seeded-allegiances-alternate", "R2.6",
        {"setup": {"players": 4, "options": {"allegiances": True}, "seed": 3, "first": 0},
         "steps": [], "expect": {"ok": True, "state": {"reserve": 0,
                                                       "pending": {"kind": "action", "players": [0]}}}})
    # R3
    write("R3.1-no-passing-on-a-turn", "R3.1", H3, [P(0, "pass")], {"ok": False, "rejected_step": 0})
    write("R3.2-ten-coins-may-coup", "R3.2", H3, [P(0, {"coup": 1}), P(1, {"lose": "assassin"})],
          {"ok": True, "state": {"players": [{"coins": 3}, {"revealed": ["assassin"]}, {}]}},
          coins=[10, 2, 2])
    write("R3.2-twelve-coins-no-tax", "R3.2", H3, [P(0, "tax")], {"ok": False, "rejected_step": 0},
          coins=[12, 2, 2])
    write("R3.3-cannot-afford-assassination", "R3.3",
          [["assassin", "captain"], ["duke", "contessa"], ["ambassador", "duke"]],
          [P(0, {"assassinate": 1})], {"ok": False, "rejected_step": 0}, coins=[2, 2, 2])
    write("R3.4-no-self-target", "R3.4", H3, [P(0, {"steal": 0})], {"ok": False, "rejected_step": 0})
    write("R3.4-steal-needs-a-coin", "R3.4", H3, [P(0, {"steal": 1})],
          {"ok": False, "rejected_step": 0}, coins=[2, 0, 2])
    write("R3.4-no-eliminated-target", "R3.4", H3, [P(0, {"coup": 1})],
          {"ok": False, "rejected_step": 0}, coins=[7, 0, 2],
          face_up=[[], ["assassin", "contessa"], []])
    write("R3.5-turn-skips-eliminated", "R3.5", H3, [P(0, "income")],
          {"ok": True, "state": {"current": 2, "pending": {"kind": "action", "players": [2]}}},
          face_up=[[], ["assassin", "contessa"], []])
    # R4
    write("R4-foreign-aid-unblocked", "R4", H3, [P(0, "foreign_aid"), ALL],
          {"ok": True, "state": {"players": [{"coins": 4}, {"coins": 2}, {"coins": 2}], "current": 1}})
    write("R4.1-no-examine-without-inquisitor", "R4.1", H3, [P(0, {"examine": 1})],
          {"ok": False, "rejected_step": 0})
    write("R4.2-exchange-keeping-originals", "R4.2",
          [["ambassador", "duke"], ["assassin", "contessa"], ["duke", "assassin"]],
          [P(0, "exchange"), ALL, P(0, {"keep": ["ambassador", "duke"]})],
          {"ok": True, "state": {"players": [{"hidden": ["ambassador", "duke"]}, {}, {}],
                                 "current": 1},
           "view_lacks": [{"viewer": 2, "word": "captain"}],
           "view_has": [{"viewer": 0, "word": "captain"}]},
          top=["captain", "contessa"])
    write("R4.2-exchange-drawn-cards-pending", "R4.2",
          [["ambassador", "duke"], ["assassin", "contessa"], ["duke", "assassin"]],
          [P(0, "exchange"), ALL],
          {"ok": True, "state": {"players": [{"hidden": ["ambassador", "duke"]}, {}, {}],
                                 "pending": {"kind": "exchange", "players": [0],
                                             "drawn": ["captain", "contessa"]}},
           "view_lacks": [{"viewer": 2, "word": "captain"}]},
          top=["captain", "contessa"])
    write("R4.2-exchange-keep-must-match", "R4.2",
          [["ambassador", "duke"], ["assassin", "contessa"], ["duke", "assassin"]],
          [P(0, "exchange"), ALL, P(0, {"keep": ["captain"]})],
          {"ok": False, "rejected_step": 2}, top=["captain", "contessa"])
    # R5
    write("R5-first-challenger-clockwise-from-actor", "R5",
          [["captain", "contessa"], ["assassin", "contessa"], ["duke", "captain"],
           ["ambassador", "assassin"]],
          [P(2, "tax"), P(0, "challenge"), P(3, "challenge"), P(1, "pass")],
          {"ok": True, "state": {"pending": {"kind": "lose_influence", "players": [3]},
                                 "players": [{"hidden": ["captain", "contessa"]}, {}, {}, {}]},
           "claims": [{"player": 2, "card": "duke", "for": "tax", "outcome": "shown"}]},
          first=2)
    write("R5-second-answer-rejected", "R5", H3, [P(0, "tax"), P(1, "pass"), P(1, "challenge")],
          {"ok": False, "rejected_step": 2})
    write("R5-actor-does-not-answer-own-claim", "R5", H3, [P(0, "tax"), P(0, "challenge")],
          {"ok": False, "rejected_step": 1})
    write("R5.1-early-block", "R5.1",
          [["assassin", "duke"], ["contessa", "captain"], ["ambassador", "duke"]],
          [P(0, {"assassinate": 1}), P(1, {"block": "contessa"}), P(2, "pass")],
          {"ok": True, "state": {"pending": {"kind": "respond", "players": [0, 2]}},
           "claims": [{"player": 0, "card": "assassin", "outcome": "unchallenged"},
                      {"player": 1, "card": "contessa", "for": "block", "outcome": "pending"}]},
          coins=[3, 2, 2])
    write("R5.1-early-block-only-by-target", "R5.1",
          [["assassin", "duke"], ["contessa", "captain"], ["ambassador", "contessa"]],
          [P(0, {"assassinate": 1}), P(2, {"block": "contessa"})],
          {"ok": False, "rejected_step": 1}, coins=[3, 2, 2])
    write("R5.1-early-block-lapses-when-action-fails", "R5.1",
          [["duke", "captain"], ["contessa", "captain"], ["ambassador", "assassin"]],
          [P(0, {"assassinate": 1}), P(1, {"block": "contessa"}), P(2, "challenge"),
           P(0, {"lose": "captain"})],
          {"ok": True, "state": {"current": 1, "players": [{"coins": 3, "hidden": ["duke"]},
                                                          {"hidden": ["contessa", "captain"]}, {}]},
           "claims": [{"player": 0, "card": "assassin", "for": "assassinate", "outcome": "lost"}]},
          coins=[3, 2, 2])
    write("R5.3-block-window-after-challenge-window", "R5.3", H3, [P(0, {"steal": 1}), ALL],
          {"ok": True, "state": {"pending": {"kind": "respond", "players": [1]}}})
    write("R5.4-block-proven-actor-loses", "R5.4",
          [["captain", "contessa"], ["duke", "assassin"], ["ambassador", "duke"]],
          [P(0, "foreign_aid"), P(1, {"block": "duke"}), P(2, "pass"), P(0, "challenge"),
           P(2, "pass"), P(0, {"lose": "contessa"})],
          {"ok": True, "state": {"players": [{"coins": 2, "hidden": ["captain"]}, {}, {}],
                                 "current": 1},
           "claims": [{"player": 1, "card": "duke", "for": "block", "outcome": "shown"}]})
    write("R5.5-one-block-per-action", "R5.5",
          [["captain", "contessa"], ["assassin", "contessa"], ["ambassador", "captain"]],
          [P(0, "foreign_aid"), P(2, {"block": "duke"}), P(1, {"block": "duke"}),
           P(0, "challenge"), P(2, "pass"), P(1, {"lose": "assassin"})],
          {"ok": True, "state": {"players": [{"coins": 4}, {"revealed": ["assassin"]}, {"coins": 2}],
                                 "current": 1, "pending": {"kind": "action", "players": [1]}},
           "claims": [{"player": 1, "card": "duke", "for": "block", "outcome": "lost"}]})
    write("R5.5-a-block-cannot-be-blocked", "R5.5",
          [["captain", "contessa"], ["duke", "assassin"], ["ambassador", "duke"]],
          [P(0, "foreign_aid"), P(1, {"block": "duke"}), P(2, "pass"), P(2, {"block": "duke"})],
          {"ok": False, "rejected_step": 3})
    write("R5.6-blocked-assassination-keeps-cost", "R5.6",
          [["assassin", "duke"], ["contessa", "captain"], ["ambassador", "duke"]],
          [P(0, {"assassinate": 1}), ALL, P(1, {"block": "contessa"}), P(0, "challenge"),
           P(2, "pass"), P(0, {"lose": "duke"})],
          {"ok": True, "state": {"players": [{"coins": 0, "hidden": ["assassin"]},
                                             {"hidden": ["captain", "captain"], "alive": True}, {}],
                                 "current": 1},
           "claims": [{"player": 0, "card": "assassin", "outcome": "unchallenged"},
                      {"player": 1, "card": "contessa", "for": "block", "outcome": "shown"}]},
          top=["captain"], coins=[3, 2, 2])
    # R6
    write("R6.2-proven-steal-goes-ahead", "R6.2",
          [["captain", "duke"], ["assassin", "contessa"], ["ambassador", "duke"]],
          [P(0, {"steal": 1}), P(1, "challenge"), P(2, "pass"), P(1, {"lose": "contessa"}),
           P(1, "pass")],
          {"ok": True, "state": {"players": [{"coins": 4, "hidden": ["contessa", "duke"]},
                                             {"coins": 0, "hidden": ["assassin"]}, {}],
                                 "current": 1},
           "claims": [{"player": 0, "card": "captain", "for": "steal", "outcome": "shown"}]},
          top=["contessa"])
    write("R6.3-disproven-assassination-refunded", "R6.3",
          [["duke", "captain"], ["contessa", "assassin"], ["ambassador", "duke"]],
          [P(0, {"assassinate": 1}), P(1, "challenge"), P(2, "pass")],
          {"ok": True, "state": {"players": [{"coins": 3}, {}, {}],
                                 "pending": {"kind": "lose_influence", "players": [0]}},
           "claims": [{"player": 0, "card": "assassin", "outcome": "lost"}]},
          coins=[3, 2, 2])
    write("R6.4-lost-challenge-then-no-block-loses-twice", "R6.4",
          [["assassin", "duke"], ["captain", "ambassador"], ["contessa", "duke"]],
          [P(0, {"assassinate": 1}), P(1, "challenge"), P(2, "pass"), P(1, {"lose": "captain"}),
           P(1, "pass")],
          {"ok": True, "state": {"players": [{"coins": 0}, {"alive": False, "coins": 0,
                                                            "revealed": ["captain", "ambassador"]}, {}],
                                 "current": 2},
           "claims": [{"player": 0, "card": "assassin", "outcome": "shown"}]},
          coins=[3, 2, 2])
    write("R6.4-lost-challenge-then-contessa-block", "R6.4",
          [["assassin", "duke"], ["captain", "contessa"], ["ambassador", "duke"]],
          [P(0, {"assassinate": 1}), P(1, "challenge"), P(2, "pass"), P(1, {"lose": "captain"}),
           P(1, {"block": "contessa"}), ALL],
          {"ok": True, "state": {"players": [{"coins": 0}, {"alive": True, "hidden": ["contessa"],
                                                            "revealed": ["captain"]}, {}],
                                 "current": 1},
           "claims": [{"player": 0, "card": "assassin", "outcome": "shown"},
                      {"player": 1, "card": "contessa", "for": "block", "outcome": "unchallenged"}]},
          coins=[3, 2, 2])
    write("R6.4-disproven-contessa-loses-twice", "R6.4",
          [["assassin", "duke"], ["captain", "ambassador"], ["contessa", "duke"]],
          [P(0, {"assassinate": 1}), P(1, {"block": "contessa"}), P(2, "pass"),
           P(0, "challenge"), P(2, "pass"), P(1, {"lose": "captain"})],
          {"ok": True, "state": {"players": [{"coins": 0}, {"alive": False,
                                                            "revealed": ["captain", "ambassador"]}, {}],
                                 "current": 2},
           "claims": [{"player": 0, "card": "assassin", "outcome": "unchallenged"},
                      {"player": 1, "card": "contessa", "for": "block", "outcome": "lost"}]},
          coins=[3, 2, 2])
    write("R6.5-face-up-card-proves-nothing", "R6.5", H3,
          [P(0, "tax"), P(1, "challenge"), P(2, "pass")],
          {"ok": True, "state": {"players": [{"alive": False, "coins": 0}, {}, {}], "current": 1},
           "claims": [{"player": 0, "card": "duke", "outcome": "lost"}]},
          face_up=[["duke"], [], []])
    # R7 Inquisitor
    HI = [["inquisitor", "duke"], ["contessa", "captain"], ["assassin", "duke"]]
    write("R7.2-examine-is-private-give-back", "R7.2", HI,
          [P(0, {"examine": 1}), ALL, P(1, {"show": "contessa"})],
          {"ok": True, "state": {"pending": {"kind": "examine_decide", "players": [0]}},
           "view_has": [{"viewer": 0, "word": "contessa"}],
           "view_lacks": [{"viewer": 2, "word": "contessa"}]},
          inquisitor=True)
    write("R7.2-examine-give-back-keeps-card", "R7.2", HI,
          [P(0, {"examine": 1}), ALL, P(1, {"show": "contessa"}), P(0, "give_back")],
          {"ok": True, "state": {"players": [{}, {"hidden": ["contessa", "captain"]}, {}],
                                 "current": 1},
           "view_lacks": [{"viewer": 2, "word": "contessa"}]},
          inquisitor=True)
    write("R7.2-examine-force-exchange", "R7.2", HI,
          [P(0, {"examine": 1}), ALL, P(1, {"show": "contessa"}), P(0, "force_exchange")],
          {"ok": True, "state": {"players": [{}, {"hidden": ["duke", "captain"]}, {}],
                                 "current": 1},
           "view_lacks": [{"viewer": 2, "word": "contessa"}],
           "view_has": [{"viewer": 0, "word": "contessa"}]},
          top=["duke"], inquisitor=True)
    write("R7.2-examine-one-hidden-card-shown-automatically", "R7.2", HI,
          [P(0, {"examine": 1}), ALL],
          {"ok": True, "state": {"pending": {"kind": "examine_decide", "players": [0]}},
           "view_lacks": [{"viewer": 2, "word": "contessa"}]},
          inquisitor=True, face_up=[[], ["captain"], []])
    write("R7.3-inquisitor-blocks-steal", "R7.3",
          [["captain", "duke"], ["inquisitor", "contessa"], ["assassin", "duke"]],
          [P(0, {"steal": 1}), ALL, P(1, {"block": "inquisitor"}), ALL],
          {"ok": True, "state": {"players": [{"coins": 2}, {"coins": 2}, {}], "current": 1}},
          inquisitor=True)
    write("R7.3-no-ambassador-block-with-inquisitor", "R7.3",
          [["captain", "duke"], ["inquisitor", "contessa"], ["assassin", "duke"]],
          [P(0, {"steal": 1}), ALL, P(1, {"block": "ambassador"})],
          {"ok": False, "rejected_step": 2}, inquisitor=True)
    # R8 Reformation
    LLR = ["loyalist", "loyalist", "reformist"]
    write("R8.1-no-coup-on-own-allegiance", "R8.1", H3, [P(0, {"coup": 1})],
          {"ok": False, "rejected_step": 0}, allegiances=LLR, coins=[7, 2, 2])
    write("R8.1-no-steal-from-own-allegiance", "R8.1", H3, [P(0, {"steal": 1})],
          {"ok": False, "rejected_step": 0}, allegiances=LLR)
    write("R8.1-no-examine-of-own-allegiance", "R8.1", HI, [P(0, {"examine": 1})],
          {"ok": False, "rejected_step": 0}, allegiances=LLR, inquisitor=True)
    write("R8.1-limits-lift-when-one-allegiance-left", "R8.1", H3,
          [P(0, {"coup": 1}), P(1, {"lose": "assassin"})],
          {"ok": True, "state": {"players": [{"coins": 0}, {"revealed": ["assassin"]}, {}]}},
          allegiances=LLR, coins=[7, 2, 0], face_up=[[], [], ["ambassador", "duke"]])
    write("R8.1-no-foreign-aid-block-by-own-allegiance", "R8.1", H3,
          [P(0, "foreign_aid")],
          {"ok": True, "state": {"pending": {"kind": "respond", "players": [2]}}},
          allegiances=LLR)
    write("R8.1-challenges-are-never-limited", "R8.1", H3,
          [P(0, "tax"), P(1, "challenge"), P(2, "pass")],
          {"ok": True, "state": {"pending": {"kind": "lose_influence", "players": [1]}}},
          allegiances=LLR)
    write("R8.3-conversion-costs-and-reserve", "R8.3", H3,
          [P(0, {"convert": 0}), P(1, {"convert": 2})],
          {"ok": True, "state": {"reserve": 3,
                                 "players": [{"coins": 1, "allegiance": "reformist"},
                                             {"coins": 0, "allegiance": "loyalist"},
                                             {"coins": 2, "allegiance": "loyalist"}],
                                 "current": 2}},
          allegiances=LLR)
    write("R8.4-embezzle-needs-reserve", "R8.4", H3, [P(0, "embezzle")],
          {"ok": False, "rejected_step": 0}, allegiances=LLR)
    write("R8.4-embezzle-unchallenged", "R8.4", H3, [P(0, "embezzle"), ALL],
          {"ok": True, "state": {"reserve": 0, "players": [{"coins": 5}, {}, {}]},
           "claims": [{"player": 0, "card": "not_duke", "for": "embezzle", "outcome": "unchallenged"}]},
          allegiances=LLR, reserve=3)
    write("R8.4-embezzle-challenged-holding-duke-concedes", "R8.4", H3,
          [P(0, "embezzle"), P(1, "challenge"), P(2, "pass"), P(0, {"lose": "captain"})],
          {"ok": True, "state": {"reserve": 2, "current": 1,
                                 "players": [{"coins": 2, "hidden": ["duke"]},
                                             {"hidden": ["assassin", "contessa"]}, {}]},
           "claims": [{"player": 0, "card": "not_duke", "outcome": "lost"}]},
          allegiances=LLR, reserve=2)
    write("R8.4-embezzle-challenged-without-duke-shows-hand", "R8.4",
          [["captain", "contessa"], ["duke", "contessa"], ["ambassador", "duke"]],
          [P(0, "embezzle"), P(1, "challenge"), P(2, "pass"), P(1, {"lose": "duke"})],
          {"ok": True, "state": {"reserve": 0, "current": 1,
                                 "players": [{"coins": 4, "hidden": ["assassin", "captain"]},
                                             {"hidden": ["contessa"], "revealed": ["duke"]}, {}]},
           "claims": [{"player": 0, "card": "not_duke", "outcome": "shown"}],
           "view_lacks": [{"viewer": 2, "word": "assassin"}],
           "view_has": [{"viewer": 2, "word": "contessa"}, {"viewer": 0, "word": "assassin"}]},
          top=["assassin", "captain"], allegiances=LLR, reserve=2)
    # R9
    write("R9.1-lose-a-card-not-held", "R9.1", H3, [P(0, {"coup": 1}), P(1, {"lose": "duke"})],
          {"ok": False, "rejected_step": 1}, coins=[7, 2, 2])
    write("R9.2-eliminated-never-asked", "R9.2",
          [["duke", "captain"], ["assassin", "contessa"], ["ambassador", "duke"],
           ["captain", "contessa"]],
          [P(0, "tax")],
          {"ok": True, "state": {"pending": {"kind": "respond", "players": [1, 2]}}},
          face_up=[[], [], [], ["captain", "contessa"]])
    write("R9.3-steal-eliminating-target-takes-coins", "R9.3",
          [["captain", "duke"], ["assassin", "contessa"], ["ambassador", "duke"]],
          [P(0, {"steal": 1}), P(1, "challenge"), P(2, "pass")],
          {"ok": True, "state": {"players": [{"coins": 4}, {"coins": 0, "alive": False}, {"coins": 2}],
                                 "current": 2},
           "claims": [{"player": 0, "card": "captain", "outcome": "shown"}]},
          coins=[2, 3, 2], face_up=[[], ["assassin"], []])
    write("R9.3-eliminated-coins-return", "R9.3", H3,
          [P(0, {"coup": 1})],
          {"ok": True, "state": {"players": [{"coins": 0}, {"coins": 0, "alive": False}, {"coins": 2}],
                                 "current": 2}},
          coins=[7, 5, 2], face_up=[[], ["assassin"], []])
    write("R9.4-assassination-target-eliminated-first", "R9.4",
          [["assassin", "duke"], ["captain", "contessa"], ["ambassador", "duke"]],
          [P(0, {"assassinate": 1}), P(1, "challenge"), P(2, "pass")],
          {"ok": True, "state": {"players": [{"coins": 0}, {"alive": False}, {}], "current": 2,
                                 "pending": {"kind": "action", "players": [2]}}},
          coins=[3, 2, 2], face_up=[[], ["captain"], []])
    write("R9.5-steal-elimination-ends-game-no-coins", "R9.5",
          [["captain", "duke"], ["assassin", "contessa"]],
          [P(0, {"steal": 1}), P(1, "challenge")],
          {"ok": True, "state": {"players": [{"coins": 2}, {"coins": 0, "alive": False}],
                                 "pending": {"kind": "game_over", "players": []}, "winner": 0}},
          coins=[2, 3], face_up=[[], ["assassin"]])
    write("R9.5-coup-ends-game", "R9.5", [["captain", "duke"], ["assassin", "contessa"]],
          [P(0, {"coup": 1}), P(1, "income")],
          {"ok": False, "rejected_step": 1,
           "state": {"winner": 0, "pending": {"kind": "game_over"}}},
          coins=[7, 3], face_up=[[], ["assassin"]])
    write("R9.5-game-ends-mid-double-loss", "R9.5",
          [["assassin", "duke"], ["captain", "ambassador"]],
          [P(0, {"assassinate": 1}), P(1, "challenge"), P(1, {"lose": "captain"}), P(1, "pass")],
          {"ok": True, "state": {"winner": 0, "pending": {"kind": "game_over"},
                                 "players": [{"coins": 0}, {"alive": False}]}},
          coins=[3, 2])
    # R10.2, R11
    write("R10.2-claim-record-in-order", "R10.2",
          [["duke", "captain"], ["captain", "contessa"], ["ambassador", "duke"]],
          [P(0, "tax"), ALL, P(1, {"steal": 2}), ALL, P(2, {"block": "ambassador"}), ALL],
          {"ok": True, "claims": [
              {"player": 0, "card": "duke", "for": "tax", "outcome": "unchallenged"},
              {"player": 1, "card": "captain", "for": "steal", "outcome": "unchallenged"},
              {"player": 2, "card": "ambassador", "for": "block", "outcome": "unchallenged"}]})
    write("R11.2-replacement-card-is-private", "R11.2",
          [["duke", "captain"], ["contessa", "captain"], ["ambassador", "contessa"]],
          [P(0, "tax"), P(1, "challenge"), P(2, "pass"), P(1, {"lose": "captain"})],
          {"ok": True, "state": {"players": [{"hidden": ["assassin", "captain"]}, {}, {}]},
           "view_has": [{"viewer": 0, "word": "assassin"}, {"viewer": 2, "word": "duke"}],
           "view_lacks": [{"viewer": 2, "word": "assassin"}, {"viewer": 1, "word": "assassin"}]},
          top=["assassin"])
    write("R11.1-own-cards-only", "R11.1", H3, [],
          {"ok": True, "view_has": [{"viewer": 1, "word": "assassin"}],
           "view_lacks": [{"viewer": 0, "word": "assassin"}, {"viewer": 0, "word": "contessa"},
                          {"viewer": 2, "word": "captain"}]})
    # Protocol (SCRIPT.md)
    write("SCRIPT-all-pass-needs-a-window", "SCRIPT", H3, [ALL], {"ok": False, "rejected_step": 0})
    write("SCRIPT-malformed-step-is-rejected", "SCRIPT", H3, [P(0, "income"), P(1, "fly")],
          {"ok": False, "rejected_step": 1, "state": {"current": 1}})
    write("SCRIPT-first-eliminated-invalid", "SCRIPT", H3, [], {"exit": 2},
          first=1, face_up=[[], ["assassin", "contessa"], []])
    write("SCRIPT-one-player-left-invalid", "SCRIPT", H3, [], {"exit": 2},
          face_up=[[], ["assassin", "contessa"], ["ambassador", "duke"]])
    write("SCRIPT-first-out-of-range-invalid", "SCRIPT", H3, [], {"exit": 2}, first=3)
    write("SCRIPT-face-up-not-in-hand-invalid", "SCRIPT", H3, [], {"exit": 2},
          face_up=[["contessa"], [], []])
    write("SCRIPT-wrong-hand-count-invalid", "SCRIPT", H3, [], {"exit": 2}, players=4)
    raw("SCRIPT-missing-setup-invalid", "SCRIPT", {"steps": [], "expect": {"exit": 2}})
    raw("SCRIPT-unknown-card-invalid", "SCRIPT",
        {"setup": {"players": 2, "hands": [["duke", "jester"], ["duke", "duke"]], "court": []},
         "steps": [], "expect": {"exit": 2}})
    raw("SCRIPT-steps-not-a-list-invalid", "SCRIPT",
        {"setup": {"players": 2, "seed": 1}, "steps": {"player": 0}, "expect": {"exit": 2}})
    write("SCRIPT-eliminated-player-coins-zero", "SCRIPT", H3, [],
          {"ok": True, "state": {"players": [{}, {"coins": 0, "alive": False}, {}]}},
          coins=[2, 6, 2], face_up=[[], ["assassin", "contessa"], []])


main()
