### Coup: الكلمات التي يقرؤها اللاعب، بالعربية. الرسائل والمعطيات نفسها كما في en.ftl
### (انظر ملاحظاته)؛ يُخاطَب اللاعب بصيغة المفرد. أغراض الأفعال مصادر («بهدف اغتيال…»)
### كي لا تتغيّر الجملة بتغيّر الفاعل. الأرقام غربية كما تكتبها بقية الصفحة.

## أجزاء مشتركة

-one-coin-or-more = { $n ->
    [zero] لا عملات
    [one] عملة واحدة
    [two] عملتان
    [few] { $n } عملات
    [many] { $n } عملة
   *[other] { $n } عملة
}
coins = { $n ->
            [zero] لا عملات
            [one] عملة واحدة
            [two] عملتان
            [few] { $n } عملات
            [many] { $n } عملة
           *[other] { $n } عملة
        }
you = أنت
seat-open = المقعد { $n }
list-and = { $a } و{ $b }

## البطاقات والمعسكران

card-name = { $card ->
    [duke] الدوق
    [assassin] القاتل
    [captain] القائد
    [ambassador] السفير
    [contessa] الكونتيسة
   *[inquisitor] المحقق
}
# «بطاقة الدوق»؛ والبطاقة غير المكشوفة «بطاقة».
card-a = { $card ->
    [duke] بطاقة الدوق
    [assassin] بطاقة القاتل
    [captain] بطاقة القائد
    [ambassador] بطاقة السفير
    [contessa] بطاقة الكونتيسة
    [inquisitor] بطاقة المحقق
   *[hidden] بطاقة
}
# «الدوق»؛ والبطاقة غير المكشوفة «البطاقة».
card-the = { $card ->
    [duke] الدوق
    [assassin] القاتل
    [captain] القائد
    [ambassador] السفير
    [contessa] الكونتيسة
    [inquisitor] المحقق
   *[hidden] البطاقة
}
no-duke = لا دوق
# ادعاء الاختلاس (R7): ألّا يملك الدوق.
claim-no-duke = عدم امتلاك الدوق
side-name = { $side ->
    [loyalist] الموالاة
   *[reformist] الإصلاح
}
ability = { $card ->
    [duke] الضريبة: خذ 3. يصدّ المساعدات الخارجية.
    [assassin] ادفع 3: يخسر لاعب بطاقة.
    [captain] اسرق 2. يصدّ السرقة.
    [ambassador] بادل 2. يصدّ السرقة.
    [contessa] تصدّ الاغتيال.
   *[inquisitor] بادل 1 أو افحص. يصدّ السرقة.
}

## الأفعال (R4, R7)

action-title = { $action ->
    [income] الدخل
    [foreign_aid] المساعدات الخارجية
    [coup] الانقلاب
    [tax] الضريبة
    [assassinate] الاغتيال
    [steal] السرقة
    [exchange] التبادل
    [examine] الفحص
    [convert] التحويل
   *[embezzle] الاختلاس
}
action-effect = { $action ->
    [income] خذ عملة واحدة
    [foreign_aid] خذ عملتين؛ يمكن لأي دوق أن يصدّها
    [coup] ادفع 7: يخسر لاعب بطاقة، بلا دفاع
    [tax] خذ 3 عملات
    [assassinate] ادفع 3: يخسر لاعب بطاقة؛ تصدّه الكونتيسة
    [steal] خذ عملتين من لاعب؛ يصدّها القائد أو السفير
    [steal-inquisitor] خذ عملتين من لاعب؛ يصدّها القائد أو المحقق
    [exchange] اسحب بطاقتين واحتفظ بما تريد
    [exchange-one] اسحب بطاقة واحدة واحتفظ بما تريد
    [examine] اطّلع على بطاقة لاعب، وربما أجبره على تبديلها
    [convert] ادفع 1 لتغيير معسكرك، و2 لتغيير معسكر غيرك
   *[embezzle] خذ كل عملات الاحتياطي
}
# $card اسم بطاقة.
action-claim = ادّعِ { $card }: { $effect }
action-claim-no-duke = ادّعِ أنك لا تملك الدوق: { $effect }
action-button = { $title } — { $effect }
action-on = { $action ->
    [steal] اسرق من { $target }
    [coup] انقلاب على { $target }
    [assassinate] اغتل { $target }
    [examine] افحص { $target }
   *[convert] حوّل { $target }
}

## القرارات

input-pass = تمرير
input-challenge = تحدٍّ
input-block = اصدّ بـ{ $card }
input-lose = تخلَّ عن { $card }
input-keep = احتفظ بـ{ $cards }
input-show = اكشف { $card }
input-give-back = أعِدها
input-force-exchange = أجبره على تبديلها
input-draft = اختر { $card }
input-side = انضمّ إلى { $side }

hint-challenge = قل إن { $claimant } يخادع. إن صحّ ذلك خسر بطاقة، وإلا خسرتَ أنت.
hint-challenge-embezzle = قل إن { $claimant } يملك الدوق. إن صحّ ذلك خسر بطاقة، وإلا خسرتَ أنت.
# R6.4: خسارة التحدي ثم الاغتيال.
hint-challenge-both = إن خسرت التحدي فقد يأخذ الاغتيال بطاقة أخرى: بطاقتيك كلتيهما.
# $card مثل «الكونتيسة».
hint-block = ادّعِ { $card } لإيقافه؛ ويمكن لأي أحد أن يتحدّاك.
# R6.4: كونتيسة مكشوفة تخسر بطاقة للتحدي وأخرى للاغتيال.
hint-block-both = إن كُشف خداعك خسرت بطاقتيك كلتيهما.
hint-pass-block = دع الصدّ قائمًا.
hint-pass = دعه يحدث.
hint-lose = اكشف بطاقة { $card }؛ لن تُحتسب بعد الآن.
hint-show = لا يراها إلا الفاحص.
hint-give-back = يحتفظ بالبطاقة.
hint-force-exchange = يسحب بطاقة جديدة ويعيد هذه.
hint-draft = تُوزَّع البطاقة الأخرى عشوائيًا.
hint-side = يتناوب الآخرون بدءًا منك.

## سجل الادعاءات

# $card اسم بطاقة، أو «لا دوق».
claim-for-action = { $card } من أجل { $action }
claim-to-block = { $card } للصدّ
claim-outcome = { $outcome ->
    [pending] بانتظار الرد
    [shown] تُحدّي: كان صادقًا
    [lost] تُحدّي: خداع انكشف
    [true] لم يتحدَّه أحد: كان صادقًا
    [false] لم يتحدَّه أحد: خداع نجح
   *[unchallenged] لم يتحدَّه أحد
}
refusal-stale = فات الأوان: هذا القرار قد مضى.
refusal-fair = رفض التوزيع العادل تلك الرسالة.

## ملاحظات عن الطاولة

note-joined = انضمّ { $name } إلى الطاولة
note-left = غادر { $name } الطاولة
note-returned = عاد { $name }
note-kicked = أخرج المضيف { $name }
note-host-moved = غادرت صفحة المضيف الطاولة؛ تستمر الطاولة الآن على صفحة { $name }
note-stand-in = { $seat-you ->
    [yes] يلعب روبوت عنك مؤقتًا
   *[no] يلعب روبوت عن { $seat } مؤقتًا
}
note-fair-refused = { $seat-you ->
    [yes] أرسلت صفحتك سجلًا لا يصحّ: خسرت اللعبة العادلة
   *[no] أرسلت صفحة { $seat } سجلًا لا يصحّ: خسر اللعبة العادلة
}
note-fair-stalled = { $seat-you ->
    [yes] لم ترسل صفحتك ما عليها مدة طويلة: خسرت اللعبة العادلة
   *[no] لم ترسل صفحة { $seat } ما عليها مدة طويلة: خسر اللعبة العادلة
}
note-fair-left = { $seat-you ->
    [yes] غادرت اللعبة العادلة: خرجت بطاقاتك من اللعبة مقلوبة دون أن يراها أحد، وتستمر اللعبة
   *[no] غادر { $seat } اللعبة العادلة: خرجت بطاقاته من اللعبة مقلوبة دون أن يراها أحد، وتستمر اللعبة
}
note-fair-left-end = { $seat-you ->
    [yes] غادرت اللعبة العادلة: بقي عدد قليل جدًا من اللاعبين لإعادة بناء مفتاحك، فانتهت اللعبة
   *[no] غادر { $seat } اللعبة العادلة: بقي عدد قليل جدًا من اللاعبين لإعادة بناء مفتاحه، فانتهت اللعبة
}
note-fair-fault = توقفت اللعبة العادلة: { $seat-you ->
    [yes] إجابتك
   *[no] إجابة { $seat }
} لم تصمد أمام التحقق
note-fair-fault-stream = توقفت اللعبة العادلة: السجل لم يتبع القواعد
note-timed-out = { $seat-you ->
    [yes] انتهى وقتك
   *[no] انتهى وقت { $seat }
}: { $kind ->
    [window] يُحتسب ذلك تمريرًا
    [turn] لعب روبوت الدور
   *[choice] اختار روبوت
}

## السجل: جملة لكل حدث

log-turn = { $seat-you ->
    [yes] — دورك —
   *[no] — دور { $seat } —
}
# $card مثل «بطاقة الدوق»، أو «بطاقة» إن لم تُكشف.
log-draft-picked = { $seat-you ->
    [yes] تختار { $card } في الانتقاء
   *[no] يختار { $seat } { $card } في الانتقاء
}
log-draft-dealt = { $seat-you ->
    [yes] تحصل على { $card }
   *[no] يحصل { $seat } على { $card }
}
log-side-chosen = { $seat-you ->
    [yes] تختار معسكر { $side }
   *[no] يختار { $seat } معسكر { $side }
}
log-income = { $actor-you ->
    [yes] تأخذ الدخل: { -one-coin-or-more(n: 1) }
   *[no] يأخذ { $actor } الدخل: { -one-coin-or-more(n: 1) }
}
log-foreign-aid = { $actor-you ->
    [yes] تطلب المساعدات الخارجية
   *[no] يطلب { $actor } المساعدات الخارجية
}
log-coup = { $actor-you ->
    [yes] تنفّذ انقلابًا على { $target }
   *[no] ينفّذ { $actor } انقلابًا { $target-you ->
        [yes] عليك
       *[no] على { $target }
    }
}
# غرض الفعل المُدّعى، بعد «يدّعي الدوق بهدف».
purpose = { $action ->
    [tax] تحصيل الضريبة
    [assassinate] { $target-you ->
        [yes] اغتيالك
       *[no] اغتيال { $target }
    }
    [steal] { $target-you ->
        [yes] السرقة منك
       *[no] السرقة من { $target }
    }
    [exchange] التبادل مع البلاط
    [examine] { $target-you ->
        [yes] فحصك
       *[no] فحص { $target }
    }
    [convert-self] الانتقال إلى المعسكر الآخر
    [convert] { $target-you ->
        [yes] تحويلك
       *[no] تحويل { $target }
    }
   *[embezzle] اختلاس الاحتياطي
}
# $claim مثل «الدوق» أو «عدم امتلاك الدوق»؛ $purpose أحد الأغراض أعلاه.
log-claims = { $actor-you ->
    [yes] تدّعي { $claim } بهدف { $purpose }
   *[no] يدّعي { $actor } { $claim } بهدف { $purpose }
}
log-chooses = { $actor-you ->
    [yes] تختار { $purpose }
   *[no] يختار { $actor } { $purpose }
}
log-paying = { $line } (بدفع { $paid ->
            [zero] لا شيء
            [one] عملة واحدة
            [two] عملتين
            [few] { $paid } عملات
            [many] { $paid } عملة
           *[other] { $paid } عملة
        })
# $card مثل «القائد».
log-early-block = { $seat-you ->
    [yes] تصدّ فورًا مدّعيًا { $card }
   *[no] يصدّ { $seat } فورًا مدّعيًا { $card }
}
log-block = { $seat-you ->
    [yes] تصدّ مدّعيًا { $card }
   *[no] يصدّ { $seat } مدّعيًا { $card }
}
# $claim اسم بطاقة، أو «ادعاء عدم امتلاك الدوق».
log-challenge = { $challenger-you ->
    [yes] تتحدّى { $claimant } في { $claim }
   *[no] يتحدّى { $challenger } { $claimant-you ->
        [yes] ادعاءك { $claim }
       *[no] { $claimant } في { $claim }
    }
}
challenged-no-duke = ادعاء عدم امتلاك الدوق
log-proved = { $seat-you ->
    [yes] تكشف { $card } — الادعاء صحيح
   *[no] يكشف { $seat } { $card } — الادعاء صحيح
}
log-showed-hand = { $seat-you ->
    [yes] تكشف يدًا فيها { $cards }
   *[no] يكشف { $seat } يدًا فيها { $cards }
}
# $what مثل «لا يملك القائد» (no-card)، أو «يملك الدوق في الحقيقة».
log-disproved = { $seat-you ->
    [yes] كنت تخادع — { $what }
   *[no] كان { $seat } يخادع — { $what }
}
no-card = ليس معه { $card }
duke-after-all = معه الدوق في الحقيقة
log-refunded = { $seat-you ->
    [yes] تستردّ { $coins ->
            [zero] لا شيء
            [one] عملة واحدة
            [two] عملتين
            [few] { $coins } عملات
            [many] { $coins } عملة
           *[other] { $coins } عملة
        }
   *[no] يستردّ { $seat } { $coins ->
            [zero] لا شيء
            [one] عملة واحدة
            [two] عملتين
            [few] { $coins } عملات
            [many] { $coins } عملة
           *[other] { $coins } عملة
        }
}
# قد تكون $card بطاقتين («بطاقة الدوق وبطاقة القائد»).
log-drew = { $seat-you ->
    [yes] تسحب { $card }
   *[no] يسحب { $seat } { $card }
}
# بطاقات مسحوبة لم يرها القارئ: $count عددها.
log-drew-hidden = { $seat-you ->
    [yes] تسحب { $count ->
        [zero] لا شيء
        [one] بطاقة واحدة
        [two] بطاقتين
        [few] { $count } بطاقات
        [many] { $count } بطاقة
       *[other] { $count } بطاقة
    }
   *[no] يسحب { $seat } { $count ->
        [zero] لا شيء
        [one] بطاقة واحدة
        [two] بطاقتين
        [few] { $count } بطاقات
        [many] { $count } بطاقة
       *[other] { $count } بطاقة
    }
}
log-court-shuffled = خُلطت مجموعة البلاط
log-lost-influence = { $seat-you ->
    [yes] تخسر نفوذًا: { $card }
   *[no] يخسر { $seat } نفوذًا: { $card }
}
log-eliminated = { $seat-you ->
    [yes] خرجت من اللعبة
   *[no] خرج { $seat } من اللعبة
}
log-lost-face-down = { $seat-you ->
    [yes] تخسر نفوذًا ووجهه مقلوب
   *[no] يخسر { $seat } نفوذًا ووجهه مقلوب
}
log-action-blocked = { $seat-you ->
    [yes] صُدّ فعلك
   *[no] صُدّ فعل { $seat }
}
log-gained = { $seat-you ->
    [yes] تأخذ { $coins ->
            [zero] لا شيء
            [one] عملة واحدة
            [two] عملتين
            [few] { $coins } عملات
            [many] { $coins } عملة
           *[other] { $coins } عملة
        }
   *[no] يأخذ { $seat } { $coins ->
            [zero] لا شيء
            [one] عملة واحدة
            [two] عملتين
            [few] { $coins } عملات
            [many] { $coins } عملة
           *[other] { $coins } عملة
        }
}
log-stole = { $actor-you ->
    [yes] تسرق { $coins ->
            [zero] لا شيء
            [one] عملة واحدة
            [two] عملتين
            [few] { $coins } عملات
            [many] { $coins } عملة
           *[other] { $coins } عملة
        } من { $target }
   *[no] يسرق { $actor } { $coins ->
            [zero] لا شيء
            [one] عملة واحدة
            [two] عملتين
            [few] { $coins } عملات
            [many] { $coins } عملة
           *[other] { $coins } عملة
        } { $target-you ->
        [yes] منك
       *[no] من { $target }
    }
}
log-embezzled = { $seat-you ->
    [yes] تختلس { $coins ->
            [zero] لا شيء
            [one] عملة واحدة
            [two] عملتين
            [few] { $coins } عملات
            [many] { $coins } عملة
           *[other] { $coins } عملة
        } من الاحتياطي
   *[no] يختلس { $seat } { $coins ->
            [zero] لا شيء
            [one] عملة واحدة
            [two] عملتين
            [few] { $coins } عملات
            [many] { $coins } عملة
           *[other] { $coins } عملة
        } من الاحتياطي
}
log-converted-self = { $seat-you ->
    [yes] تنتقل إلى معسكر { $side }
   *[no] ينتقل { $seat } إلى معسكر { $side }
}
log-converted = { $actor-you ->
    [yes] تحوّل { $target } إلى معسكر { $side }
   *[no] { $target-you ->
        [yes] يحوّلك { $actor } إلى معسكر { $side }
       *[no] يحوّل { $actor } { $target } إلى معسكر { $side }
    }
}
log-exchanged = { $seat-you ->
    [yes] تتبادل مع البلاط
   *[no] يتبادل { $seat } مع البلاط
}
# $cards مثل «بطاقة الدوق وبطاقة القائد».
log-exchanged-returning = { $seat-you ->
    [yes] تتبادل مع البلاط وتعيد { $cards }
   *[no] يتبادل { $seat } مع البلاط ويعيد { $cards }
}
log-shown = { $actor-you ->
    [yes] تُري { $target } { $card }
   *[no] { $target-you ->
        [yes] يُريك { $actor } { $card }
       *[no] يُري { $actor } { $target } { $card }
    }
}
log-gave-back = { $actor-you ->
    [yes] تعيد إلى { $target } بطاقته
   *[no] يعيد { $actor } { $target-you ->
        [yes] إليك بطاقتك
       *[no] إلى { $target } بطاقته
    }
}
# $card مثل «الدوق»، أو «البطاقة» إن لم تُكشف.
log-forced-exchange = { $actor-you ->
    [yes] تجبر { $target } على تبديل { $card }
   *[no] { $target-you ->
        [yes] يجبرك { $actor } على تبديل { $card }
       *[no] يجبر { $actor } { $target } على تبديل { $card }
    }
}
log-coins-returned = { $seat-you ->
    [yes] { $coins ->
        [one] عادت عملتك إلى الخزينة
        [two] عادت عملتاك إلى الخزينة
       *[other] عادت عملاتك ({ $coins }) إلى الخزينة
    }
   *[no] { $coins ->
        [one] عادت عملة { $seat } إلى الخزينة
        [two] عادت عملتا { $seat } إلى الخزينة
       *[other] عادت عملات { $seat } ({ $coins }) إلى الخزينة
    }
}
log-game-over = { $seat-you ->
    [yes] فزت باللعبة!
   *[no] فاز { $seat } باللعبة!
}

## ملخص القواعد (من docs/RULES.md)، بصيغة HTML

rules-html =
    <h3>دورك</h3><p>يبدأ كل لاعب ببطاقتين مخفيتين (نفوذه) وعملتين. في دورك تقوم بفعل واحد. يمكن أن يكون أي فعل خداعًا: لك أن تدّعي شخصية لا تملكها. إذا كانت معك 10 عملات فعليك القيام بانقلاب.</p>
    <h3>أفعال متاحة للجميع</h3><p>الدخل: خذ عملة واحدة؛ لا يمكن لأحد منعه. المساعدات الخارجية: خذ عملتين؛ يمكن للدوق أن يصدّها. الانقلاب: ادفع 7 عملات واختر لاعبًا يخسر بطاقة؛ لا يمكن لأحد منعه. إذا كانت معك 10 عملات أو أكثر فيجب أن يكون فعلك انقلابًا.</p>
    <h3>التحديات</h3><p>عندما يدّعي أحد شخصية، يمكن لأي لاعب أن يتحدّاه. إن كانت معه كشفها وبدّلها ببطاقة جديدة، وخسر المتحدّي بطاقة. وإلا خسر المخادع بطاقة وفشل الفعل.</p>
    <h3>الصدّ</h3><p>الدوق يصدّ المساعدات الخارجية؛ الكونتيسة تصدّ الاغتيال؛ القائد أو السفير (أو المحقق حين يكون في اللعب) يصدّ السرقة. الصدّ ادعاء أيضًا: يمكن تحدّيه.</p>
    <h3>الخسارة</h3><p>عندما تخسر نفوذًا تختار بطاقة مخفية تقلبها مكشوفة. إن لم تبقَ لك بطاقة مخفية خرجت من اللعبة. يفوز آخر لاعب تبقى معه بطاقة مخفية. انتبه: هدف الاغتيال الذي يتحدّى فيخسر، أو يصدّ بكونتيسة فيُكشف خداعه، قد يخسر بطاقتيه كلتيهما في دور واحد.</p>
    <h3>حركة الإصلاح</h3><p>لا يجوز للموالين ولا للإصلاحيين القيام بانقلاب على أبناء معسكرهم ولا اغتيالهم ولا السرقة منهم ولا فحصهم، ولا صدّ مساعداتهم الخارجية، ما دام الجميع ليسوا في معسكر واحد. التحويل يدفع عملة واحدة (وعملتين لتحويل غيرك) إلى الاحتياطي لتغيير المعسكر؛ والاختلاس يدّعي عدم امتلاك الدوق ويأخذ الاحتياطي.</p>

## الصفحة كتطبيق

language = اللغة
update-ready = إصدار جديد جاهز.
update-reload = إعادة التحميل
offline-note = أنت غير متصل. اللعب ضد الروبوتات يعمل؛ أما الغرف فتحتاج إلى الشبكة.

## إطار الصفحة

tagline = لعبة خداع في متصفحك
credit = Coup وCoup: Reformation لعبتان من تصميم ريكي طهطا، نشرتهما Indie Boards & Cards. هذا تطبيق غير رسمي من المعجبين، لا صلة له بهم.
contacting-relay = جارٍ الاتصال بالمُرحِّل…
restoring-place = جارٍ استعادة مكانك…
loading-table = جارٍ تحميل الطاولة…
loading-table-retry = تعذّر تحميل الطاولة بعد؛ جارٍ المحاولة من جديد…
cancel = إلغاء
new-room = أنشئ غرفة جديدة
dismiss = إغلاق

## الشاشة الأولى

rejoin-were-playing = كنت تلعب في الغرفة { $code } باسم { $name }.
rejoin-room = عُد إلى الغرفة { $code }
hero-title = خادع. تحدَّ. انجُ.
hero-line = لعبة ورق للخداع من 2 إلى 10 لاعبين. العب مع أصدقائك عبر رابط، أو ضد الروبوتات الآن.
your-name = اسمك
optional = اختياري
name-optional = اختياري. من دونه يرى الآخرون اسمًا مثل «لاعب K7».
name-seen = يراك الآخرون بهذا الاسم.
play-with-friends = العب مع الأصدقاء
create-room = أنشئ غرفة
join-friends = انضمّ إلى أصدقائك
join-invited = لقد دُعيت: اضغط «انضمام».
join-type-code = اكتب رمز الغرفة.
join = انضمام

## الإعدادات

players = اللاعبون
bots = الروبوتات
bot-level = مستوى الروبوتات
seats = المقاعد
turn-timer = مؤقّت الدور
more-options = خيارات أخرى
option-inquisitor = المحقق
option-reformation = حركة الإصلاح
option-draft = انتقاء للاعبَين
level-name = { $level ->
    [easy] سهل
    [hard] صعب
   *[normal] عادي
}
timer-none = بلا حدّ
timer-min = { $n } د
timer-s = { $n } ث
settings-seats = { $n ->
    [zero] لا مقاعد
    [one] مقعد واحد
    [two] مقعدان
    [few] { $n } مقاعد
    [many] { $n } مقعدًا
   *[other] { $n } مقعد
}
settings-inquisitor = المحقق بدلًا من السفير
settings-ambassador = السفير (بلا محقق)
settings-reformation = حركة الإصلاح: المعسكران واحتياطي الخزينة
settings-turn-timer = مؤقّت الدور: { $timer }
settings-bots = الروبوتات: { $level }
settings-locked = الغرفة مقفلة: لا يمكن لأحد جديد الانضمام

## الدردشة

chat = الدردشة
chat-empty = لا رسائل بعد. ألقِ التحية!
chat-placeholder = قل شيئًا…
send = إرسال
ignored-from-host = تم تجاهل رسالة من المضيف: { $error }

## الغرفة

the-host = المضيف
a-player = لاعب
room-code = رمز الغرفة
you-host = أنت مضيف هذه الغرفة
you-joined = انضممت
leave-room = غادر الغرفة
who-is-here = من هنا
create-room-hint = افتح غرفة، ثم أرسل لهم الدعوة.
rematch-by-host = يمكن للمضيف أن يوزّع من جديد.
connecting-to-host = جارٍ الاتصال بالمضيف…
waiting-for-start = بانتظار أن يبدأ المضيف اللعبة…
watching-full = أنت تشاهد: كل المقاعد مشغولة. يمكن للمضيف أن يمنحك مقعدًا.
watcher-waiting = { $name } يشاهد: كل المقاعد مشغولة.
seat-watcher = أجلِس { $name }
waiting-for-players = بانتظار اللاعبين… أرسل لهم الدعوة.
everyone-can-chat = يمكن لكل من هنا الدردشة.
link-you = أنت
link-open = متصل
link-connecting = جارٍ الاتصال…
link-away = غائب
seat-away = غائب
seat-away-stand-in = غائب · يلعب روبوت بعد { $n } ث
seat-away-leaves = غائب · يغادر اللعبة بعد { $n } ث
seat-stand-in = غائب · يلعب روبوت مؤقتًا
seat-left-fair = خارج اللعبة
link-via-host = عبر المضيف
link-watching = { " " }· يشاهد
badge-host = المضيف
invite = دعوة
invite-qr = رمز QR للدعوة
invite-hint = أرسل هذا الرابط، أو دعهم يمسحون الرمز: يفتح اللعبة والغرفة معبّأة.
invite-link = رابط الدعوة
copied = نُسخ
copy-link = انسخ الرابط
share = مشاركة…
share-title = العب Coup معي
add-bot = أضف روبوتًا
start-game = ابدأ اللعبة
open-seats-hint = تُملأ المقاعد الشاغرة بروبوتات من هذا المستوى عند بدء اللعبة.
lock-room = أقفل الغرفة: لا يمكن لأحد جديد الانضمام
level-bot = روبوت { $level }
seat-kind-open = شاغر
seat-kind-player = لاعب
remove-bot = أزل هذا الروبوت
remove = إزالة
remove-ask = إخراج { $name } من الغرفة؟

## الطاولة

leave = مغادرة
back-to-start = العودة إلى البداية
leave-ask = تغادر؟
leave-yes = نعم، غادر
leave-pass-on = غادر — تنتقل الطاولة إلى صفحة لاعب آخر
stay = ابقَ
play-bots = العب ضد الروبوتات
play-bots-hint = ابدأ الآن وحدك ضد لاعبين يديرهم الحاسوب.
dealing = جارٍ التوزيع…
table-log = سجل الطاولة
claims = الادعاءات
reserve = الاحتياطي
court = البلاط
mode-draft = انتقاء
rules-cards = القواعد والبطاقات
how-to-play = طريقة اللعب
close = إغلاق
this-table = هذه الطاولة: { $inquisitor ->
    [yes] المحقق بدلًا من السفير
   *[no] السفير
}{ $reformation ->
    [yes] ، حركة الإصلاح
   *[no] {""}
}. الأدوار { $turns }، الردود { $answers }، الاختيارات { $choices }.
your-cards = بطاقاتك
whose-claims = ادعاءات من
no-claims-yet = لم يدّعِ أحد أي شخصية بعد.
no-claims-player = لا ادعاءات من هذا اللاعب بعد.
everyone = الجميع
seconds-left = { $n ->
    [zero] لم يبقَ وقت
    [one] بقيت ثانية واحدة
    [two] بقيت ثانيتان
    [few] بقيت { $n } ثوانٍ
    [many] بقيت { $n } ثانية
   *[other] بقيت { $n } ثانية
}
seconds-short = { $n } ث
seat-out = خارج اللعبة
card-lost = { $card }، خاسرة
lost = خاسرة
hidden-card = بطاقة مخفية
card-lost-face-down = بطاقة خاسرة مقلوبة

## القرارات ونهاية اللعبة

you-win = فزت!
wins = فاز { $name }
believe-it = هل تصدّق ذلك؟
block-it = هل تصدّه؟
believe-block = هل تصدّق الصدّ؟
you-lose-influence = تخسر نفوذًا
choose-card-up = اختر البطاقة التي تكشفها.
you-drew = سحبت { $cards }. اختر البطاقات التي تحتفظ بها.
you-are-examined = أنت قيد الفحص
choose-card-show = اختر البطاقة التي تُريها { $name }.
# $card مثل «بطاقة الدوق»، أو «بطاقة».
examine-decide = يُريك { $name } { $card }. أتتركها معه، أم تجبره على تبديلها ببطاقة جديدة؟
draft-hint = اختر بطاقة سرًا؛ وتُوزَّع الأخرى عشوائيًا.
choose-side = اختر معسكرك
choose-side-hint = لا يجوز للموالين ولا للإصلاحيين مهاجمة معسكرهم ما دام الجميع ليسوا في معسكر واحد.
you-are-out = خرجت من اللعبة.
watch-the-rest = شاهد البقية: في النهاية تُكشف كل الأيدي.
you-are-watching = أنت تشاهد هذه اللعبة. يمكنك اللعب في التالية.
waiting-for = بانتظار { $names }…
your-turn = دورك
must-coup = إذا كانت معك 10 عملات أو أكثر فعليك القيام بانقلاب.
whom = { $action }: على من؟
back = رجوع
# $effect أثر الفعل من action-effect.
aim-line = { $effect }. المس مقعدًا عليه علامة التصويب، أو اختر أدناه.
aim-line-click = { $effect }. انقر مقعدًا عليه علامة التصويب، أو اختر أدناه.
dealt = وُزّع له { $a } و{ $b }
bluffs = الخدع
caught = المكشوفة
challenges-won-lost = التحديات: فوز–خسارة
truth-true = صادق
truth-bluff = خداع
rematch = جولة أخرى
back-to-lobby = العودة إلى الردهة
game-over = انتهت اللعبة
every-hand = كل الأيدي
player = اللاعب
cards = البطاقات
coins-over-game = العملات على مدار اللعبة
every-claim = كل ادعاء، وهل كان صادقًا
no-claims-game = لم يدّعِ أحد أي شخصية في هذه اللعبة.
chart-legend = أي خط لمن
title-your-move = ● دورك — Coup
sound = الصوت
sound-name = صوت عندما يحين قرارك والصفحة في الخلفية

## ما تقرؤه التقنيات المساعدة

keys-help = المفاتيح: P تمرير، C تحدٍّ، B صدّ، T الوقت المتبقي
your-decision = قرارك: { $title }
time-left-mine = { $n ->
    [zero] لم يبقَ وقت للقرار
    [one] بقيت ثانية واحدة للقرار
    [two] بقيت ثانيتان للقرار
    [few] بقيت { $n } ثوانٍ للقرار
    [many] بقيت { $n } ثانية للقرار
   *[other] بقيت { $n } ثانية للقرار
}
time-none-mine = قرارك بلا حدّ زمني
time-left-theirs = بانتظار { $names }: { $n ->
    [zero] لم يبقَ وقت
    [one] بقيت ثانية واحدة
    [two] بقيت ثانيتان
    [few] بقيت { $n } ثوانٍ
    [many] بقيت { $n } ثانية
   *[other] بقيت { $n } ثانية
}
seat-holding = معه { $cards }
seat-hidden = { $n ->
    [zero] لا بطاقات مخفية
    [one] بطاقة مخفية واحدة
    [two] بطاقتان مخفيتان
    [few] { $n } بطاقات مخفية
    [many] { $n } بطاقة مخفية
   *[other] { $n } بطاقة مخفية
}
seat-lost = خسر { $cards }
seat-your-turn = دورك
seat-their-turn = دوره
seat-deciding = يقرّر
seat-answering = أنت تردّ عليه
see-table = انظر إلى الطاولة
coins-chart = عملات كل لاعب، دورًا بعد دور
rules-dialog = القواعد والبطاقات

## ما رُفض أو ما حدث فيه خطأ

# رفض المضيف شيئًا أرسلته هذه الصفحة.
refusal-rate-limited = رسائل كثيرة جدًا: تمهّل.
refusal-not-joined = لم تنضمّ إلى الطاولة بعد.
refusal-already-joined = لقد انضممت إلى هذه الطاولة بالفعل.
refusal-table-full = الطاولة ممتلئة.
refusal-not-host = لا يمكن ذلك إلا للمضيف.
refusal-no-game = لا توجد لعبة جارية.
refusal-not-seated = أنت تشاهد ولا تلعب.
# $asked و$yours رقما مقعدين.
refusal-not-your-seat = المقعد { $asked } ليس لك (مقعدك { $yours }).
intent-not-legal = هذا ليس من خياراتك الآن.
# رفضت القواعد حركة.
illegal-game-over = انتهت اللعبة.
illegal-no-such-seat = لا يوجد مقعد كهذا في هذه اللعبة.
illegal-not-your-turn = ليس عليك أي قرار الآن.
illegal-already-answered = لقد أجبت بالفعل.
illegal-wrong-decision = هذا لا يجيب عن القرار المطلوب.
illegal-not-available = هذا الفعل ليس جزءًا من هذه اللعبة.
illegal-must-coup = إذا كانت معك 10 عملات أو أكثر فعليك القيام بانقلاب.
illegal-cannot-afford = ليست معك عملات كافية لذلك.
illegal-empty-reserve = احتياطي الخزينة فارغ.
illegal-bad-target = لا يمكن أن يكون هذا اللاعب هدفًا.
illegal-nothing-to-steal = تحتاج السرقة إلى هدف معه عملة واحدة على الأقل.
illegal-same-allegiance = هذا اللاعب في معسكرك.
illegal-cannot-block = لا يمكنك الصدّ الآن، أو ليس بهذه البطاقة.
illegal-cannot-challenge = لا يوجد ادعاء لتتحدّاه الآن.
illegal-no-such-card = ليست معك بطاقة مخفية كهذه.
illegal-card-not-in-use = هذه البطاقة غير مستعملة في هذه اللعبة.
illegal-bad-keep = احتفظ بعدد البطاقات المخفية التي كانت معك، مما في يدك ومما سحبت.
illegal-other = القواعد لا تسمح بذلك.
# رُفض أمر للمضيف.
table-error-game-in-progress = ليس أثناء لعبة جارية.
table-error-no-game = فقط أثناء لعبة جارية.
table-error-not-finished = لا توجد لعبة منتهية لإعادتها.
table-error-seat-count = للطاولة من 2 إلى 10 مقاعد.
table-error-no-such-seat = لا يوجد المقعد { $seat }.
table-error-no-such-member = هذا الشخص لم يعد على الطاولة.
table-error-draft-needs-two = يحتاج الانتقاء للاعبَين إلى مقعدين بالضبط.
table-error-timers = أحد المؤقّتات خارج الحدود.
table-error-kick-host = لا يمكن للمضيف مغادرة طاولته.
table-error-seat-taken = أثناء اللعبة لا يأخذ المشاهد إلا مقعد روبوت.
table-error-held-another-seat = أثناء اللعبة لا يمكنك استعادة إلا المقعد الذي كان لك.
table-error-only-bot = أثناء اللعبة لا يحلّ محلّ الشخص إلا روبوت.
table-error-fair-no-bots = التوزيع العادل للبشر فقط: بلا روبوتات.
table-error-fair-needs-people = يحتاج التوزيع العادل إلى شخص في كل مقعد، اثنين على الأقل.
table-error-fair-seat = ليس أثناء لعبة عادلة: كل مقعد مطلوب حتى النهاية.
table-error-fair-unavailable = تعذّر تحميل شيفرة التوزيع العادل بعد: تحقّق من اتصالك وحاول مجددًا.
# $detail كلمات محرّك القواعد نفسه.
table-error-deal = تعذّر توزيع اللعبة: { $detail }
# أنهى المضيف الاتصال.
fatal-version = تعمل هذه الطاولة بالإصدار { $host } من البروتوكول، وإصدارك { $yours }: أعد تحميل الصفحة.
fatal-kicked = أخرجك المضيف من الطاولة.
fatal-replaced = استُعيد مقعدك من علامة تبويب أو جهاز آخر.
fatal-locked = الطاولة مغلقة أمام القادمين الجدد.
# تحت حقل الاسم.
name-error-empty = اكتب اسمًا.
name-error-too-long = لا يزيد الاسم على { $max ->
    [one] حرف واحد
    [two] حرفين
    [few] { $max } أحرف
    [many] { $max } حرفًا
   *[other] { $max } حرف
}.
name-error-control = لا يمكن أن يحتوي الاسم على فواصل أسطر أو محارف تحكّم.
name-error-invisible = لا يمكن أن يحتوي الاسم على محارف غير مرئية أو محارف تغيّر الاتجاه.
name-error-impersonates = لا يمكن أن يُقرأ الاسم «أنت» أو روبوتًا أو مقعدًا («روبوت 2»، «المقعد 3»).
chat-error-empty = الرسالة فارغة.
chat-error-too-long = لا تزيد الرسالة على { $max ->
    [one] حرف واحد
    [two] حرفين
    [few] { $max } أحرف
    [many] { $max } حرفًا
   *[other] { $max } حرف
}.
chat-error-rate-limited = رسائل كثيرة جدًا: انتظر قليلًا.
# رسالة تعذّرت قراءتها؛ $detail كلمات المحلّل نفسه.
wire-too-large = حجم الرسالة { $size } بايت؛ والحدّ { $limit }.
wire-version = الرسالة بالإصدار { $theirs } من البروتوكول؛ وهذه الصفحة بالإصدار { $ours }.
wire-malformed = الرسالة غير صالحة: { $detail }
# ما أرسله المضيف ولم يُستعمل.
guest-error-not-welcomed = أرسل المضيف تحديثًا للعبة قبل أن يرحّب بنا.
guest-error-log-order = وصلت مدخلات سجل المضيف بغير ترتيبها.
guest-error-wrong-seat = كان تحديث المضيف لمقعد آخر.
guest-error-implausible = أرسل المضيف مدخلة سجل لا يرسلها مضيف نزيه.
guest-error-reveal = رواية المضيف لنهاية اللعبة لا تطابق اللعبة.
guest-error-fair = سجلّ توزيع عادل من المضيف لم يصمد أمام التحقق.
guest-error-fair-rules = نقلت صفحة المضيف حركة لا تقوم بها القواعد. لا ترسل هذه الصفحة شيئًا بسببها.
guest-error-fair-two-games = أرت صفحة المضيف هذه الصفحة لعبتين مختلفتين. لن ترسل هذه الصفحة شيئًا آخر في هذه اللعبة.
guest-error-parts = وصلت رواية المضيف للطاولة في أجزاء لا تتوافق.
guest-error-recovery = أرسل المضيف نسخة احتياطية من الطاولة لا تستطيع هذه الصفحة الاحتفاظ بها.
# ردود المُرحِّل.
relay-error-no-such-room = لا توجد غرفة بهذا الرمز.
relay-error-room-full = هذه الغرفة ممتلئة.
relay-error-rate-limited = محاولات كثيرة جدًا؛ انتظر دقيقة وحاول مجددًا.
relay-error-server-full = المُرحِّل ممتلئ الآن؛ حاول لاحقًا.
relay-error-already-in-room = أنت في غرفة بالفعل.
relay-error-not-in-room = لست في غرفة.
relay-error-unknown-peer = غادر ذلك اللاعب.
relay-error-bad-secret = تعذّرت استعادة الغرفة.
relay-error-too-large = كانت رسالة أكبر مما يقبله المُرحِّل.
relay-error-bad-message = لم يفهم المُرحِّل رسالة.
relay-error-not-host = لا يمكن ذلك إلا لمضيف الغرفة.
relay-error-banned = أخرجك مضيف تلك الغرفة منها.
room-closed-host-left = أُغلقت الغرفة: غادر المضيف.
room-closed-host-late = أُغلقت الغرفة: لم يعد المضيف في الوقت.
# $reason كلمات المُرحِّل نفسه.
room-closed = أُغلقت الغرفة: { $reason }

## الاتصال كما ترويه تنبيهات الصفحة

# نظير لم يسمِّ نفسه؛ $tag أربعة أحرف من معرّفه لدى المُرحِّل.
player-tag = لاعب { $tag }
# لاعب صفحة مضيفة لم يختر اسمًا.
player-default = لاعب
not-connected = لم يتم الاتصال بالمضيف بعد.
connection-host-away = انقطع اتصال المضيف؛ بانتظار عودته…
connection-reconnecting = جارٍ إعادة الاتصال…
connection-offline = أنت غير متصل. مقعدك محفوظ؛ وقراراتك تنتظر عودة الاتصال.
connection-host-silent = توقفت صفحة المضيف عن الرد. مقعدك محفوظ؛ وقراراتك تنتظر أن ترد من جديد.
decisions-paused = غير متصل: ينتظر هذا القرار عودة الاتصال بالمضيف.
connection-relay = جارٍ إعادة الاتصال بالمُرحِّل…
ended-host-gone = لم يعد المضيف، فانتهت هذه اللعبة.
# $why كلمات المتصفح نفسه.
notice-not-restored = تعذّرت استعادة طاولتك بعد إعادة التحميل ({ $why })؛ فوُضعت جانبًا.
notice-table-stopped = توقفت الطاولة: { $why }
# $why أحد ردود المُرحِّل أعلاه.
notice-reclaim-failed = تعذّرت استعادة الغرفة { $code }: { $why }
notice-handed-over = غابت هذه الصفحة طويلًا، فانتقلت الطاولة إلى صفحة لاعب آخر. تعود إليها لاعبًا في مقعدك.
notice-passed-on = غادرت الغرفة؛ تستمر الطاولة من دونك على صفحة لاعب آخر.
notice-rejoin-failed = تعذّرت العودة إلى الغرفة { $code }: { $why }
notice-room-gone = الغرفة { $code } لم تعد موجودة: { $why } أنشئ غرفة جديدة لتلعب من جديد.
notice-room-moved = أُعيد تشغيل المُرحِّل ففقد هذه الغرفة، فصار لها رمز جديد: { $code }. أُبلغ اللاعبون هنا؛ واللعبة مستمرة.
notice-relay-garbage = تم تجاهل رسالة تالفة من المُرحِّل: { $what }.
notice-bad-signal = تم تجاهل إشارة تالفة من { $name }: { $error }
notice-odd-signal = تم تجاهل إشارة غير متوقعة من { $name }.
notice-link-failed = فشل الاتصال بـ{ $name }: { $why }
notice-link-closed = أُغلق الاتصال بـ{ $name }.
notice-seat-lost = مقعدك في الغرفة { $code } لم يعد لك: أُعطي لغيرك أو مضت اللعبة.
notice-no-relay = تعذّر الوصول إلى المُرحِّل. تحقّق من اتصالك وحاول مجددًا.
notice-tab-copy = علامة التبويب هذه نسخة من أخرى تحفظ مكانك: تبدأ من جديد.
# $error و$what و$reason كلمات المتصفح أو المُرحِّل أو الحَكَم.
notice-relay-failed = تعذّر الوصول إلى المُرحِّل: { $error }
notice-send-failed = تعذّر الإرسال: { $error }
notice-referee-failed = تعذّر الوصول إلى الحَكَم: { $error }
notice-referee-garbage = تم تجاهل رسالة تالفة من الحَكَم: { $what }
# $code رمز إغلاق WebSocket.
notice-relay-closed = أغلق المُرحِّل الاتصال ({ $code }): { $reason }
# أغلق المُرحِّل اتصال هذه الصفحة، بحسب رمز الإغلاق.
relay-closed-going-away = يُعاد تشغيل المُرحِّل. تواصل الطاولة اللعب من دونه في الأثناء.
relay-closed-replaced = فُتحت الغرفة من جديد في صفحة أخرى، فأخذت مكانها لدى المُرحِّل.
relay-closed-policy = أغلق المُرحِّل الاتصال: رسائل كثيرة جدًا، أو قراءة بطيئة جدًا.
relay-closed-too-big = أغلق المُرحِّل الاتصال: كانت رسالة كبيرة جدًا.
relay-closed-protocol = أغلق المُرحِّل الاتصال: لم يستطع قراءة ما أرسلته هذه الصفحة.
relay-closed-try-later = لدى المُرحِّل اتصالات كثيرة جدًا من شبكتك الآن.
link-no-path = لا مسار شبكي بين المتصفحين
# اتصال توقفت نبضاته؛ $seconds المدة التي لم يصل فيها شيء.
link-silent = لم يصل منهم شيء منذ { $seconds ->
    [zero] لحظة
    [one] ثانية واحدة
    [two] ثانيتين
    [few] { $seconds } ثوانٍ
    [many] { $seconds } ثانية
   *[other] { $seconds } ثانية
}
link-gone = غادروا الغرفة (أُغلقت صفحتهم، أو فقدت الشبكة)

## حين يعجز متصفحان عن الوصول أحدهما إلى الآخر

# لوحة المنضمّ: عنوانها، والسبب (أحد link-why-*)، والأسباب المعتادة، وما يفيد.
link-failure-title = متصفحك ومتصفح المضيف لا يستطيعان الوصول أحدهما إلى الآخر
link-why-no-call = لم تردّ صفحة المضيف قط: ربما هي مغلقة أو نائمة أو قديمة.
link-why-both-relayed = وصل المتصفحان كلاهما إلى مُرحِّل TURN في هذا الخادم ولم يجدا طريقًا مع ذلك. هذا نادر.
link-why-turn-unreachable = في هذا الخادم مُرحِّل TURN، لكن متصفحك لم يستطع الوصول إليه: يبدو أن شبكتك تحجبه.
link-why-host-turn-unreachable = في هذا الخادم مُرحِّل TURN، لكن متصفح المضيف لم يستطع الوصول إليه: يبدو أن شبكته تحجبه.
link-why-no-turn = لا يوجد في هذا الخادم مُرحِّل TURN، وشبكتك وشبكة المضيف تحتاجان إليه للاتصال.
link-why-no-stun = لا يقدّم هذا الخادم أي خادم STUN أو TURN، فلا يجد المتصفحان أحدهما الآخر إلا على الشبكة نفسها.
link-failure-cause = يحدث هذا عادةً بسبب شبكة جوّال أو جدار حماية صارم يمنعان المتصفحات من الاتصال المباشر.
link-failure-help = ما يفيد: أن يكون اللاعبان على شبكة Wi-Fi نفسها، أو خادم فيه مُرحِّل TURN.
link-failure-guide = كيف تشغّل خادمًا فيه TURN
link-failure-trying = تواصل هذه الصفحة المحاولة في الأثناء.
link-failure-retry = حاول مجددًا
# تنبيه المضيف، مرة لكل منضمّ ولكل إخفاق؛ $why أحد host-why-*.
notice-cannot-reach = تعذّر الوصول إلى { $name }: متصفحك ومتصفحه لا يستطيعان الاتصال. { $why } لا تستطيع أي من الصفحتين إصلاح ذلك؛ قد يفيد أن تكونا على شبكة Wi-Fi نفسها، أو خادم فيه مُرحِّل TURN.
host-why-no-call = لم تردّ صفحة { $name } قط.
host-why-both-relayed = وصل المتصفحان كلاهما إلى مُرحِّل TURN في هذا الخادم ولم يجدا طريقًا مع ذلك (نادر).
host-why-turn-unreachable = في هذا الخادم مُرحِّل TURN، لكن متصفحك لم يستطع الوصول إليه.
host-why-guest-turn-unreachable = في هذا الخادم مُرحِّل TURN، لكن متصفح { $name } لم يستطع الوصول إليه.
host-why-no-turn = لا يوجد في هذا الخادم مُرحِّل TURN، وشبكتك وشبكة { $name } تحتاجان إليه.
host-why-no-stun = لا يقدّم هذا الخادم أي خادم STUN أو TURN، فلا يجد المتصفحان أحدهما الآخر إلا على الشبكة نفسها.
referee-no-load = تعذّر تحميل عامل الحَكَم
# لماذا لم يستطع المتصفح فعل شيء؛ $what جزء من الصفحة، و$url عنوان.
net-relay-closed = اتصال المُرحِّل مغلق
net-channel-closed = قناة البيانات غير مفتوحة
net-no-page = ليس في هذه الصفحة { $what }
net-bad-relay-url = عنوان المُرحِّل «{ $url }» ليس عنوان ws:// أو wss:// ولا مسارًا

## قبل أن يعمل برنامج الصفحة (index.html، يملؤه البناء)

boot-failed = تعذّر تشغيل Coup:
boot-noscript = تحتاج Coup إلى JavaScript وWebAssembly.

## التوزيع العادل (docs/FAIR-DEAL.md)
option-fair = توزيع عادل
option-fair-hint = للبشر فقط، بلا روبوتات: يخلط كل لاعب البطاقات بدوره، ولا يستطيع أحد، ولا المضيف، رؤية بطاقة لا يحق له رؤيتها.
settings-fair = توزيع عادل: يخلط كل لاعب، للبشر فقط
fair-title = التوزيع العادل
fair-shuffling = الخلط: { $done } من { $all }
fair-fingerprint = مفتاح الطاولة: { $print }
fair-fingerprint-hint = يرى كل اللاعبين المفتاح نفسه؛ قارنوه في مكالمة.
fair-examined = كُشف لك: { $cards }
fair-verdict-waiting = يُدقَّق السجل حين تصل أسرار كل اللاعبين.
fair-verdict-fair = كانت هذه اللعبة عادلة.
fair-verdict-false-denial = لم تكن هذه اللعبة عادلة: قال { $name } إنه لا يستطيع إثبات ادعاء وهو يملك البطاقة.
fair-verdict-false-concession = لم تكن هذه اللعبة عادلة: أقرّ { $name } دون أن يملك الدوق.
fair-verdict-wrong-deck = لم تكن هذه اللعبة عادلة: لم تكن البطاقات هي المجموعة.
fair-verdict-referee = لم تكن هذه اللعبة عادلة: لم تطبّق صفحة المضيف القواعد.
fair-verdict-equivocation = لم تكن هذه اللعبة عادلة: أرسلت صفحة المضيف إلى { $name } لعبة غير التي أرسلتها إلى هذه الصفحة.
fair-verdict-closed = تعذّر تدقيق هذه اللعبة: بقيت بطاقة مغلقة.
fair-verdict-cut-short = { $count ->
    [0] توقفت اللعبة قبل أن تكتمل: دُقّقت كل حركة فور وصولها، ولم يبقَ أي جواب دون تدقيق.
    [one] توقفت اللعبة قبل أن تكتمل: دُقّقت كل حركة فور وصولها؛ ويبقى جواب واحد «لا أستطيع الإثبات» دون تدقيق، لأن البطاقات التي يتعلق بها تبقى مغلقة.
    [two] توقفت اللعبة قبل أن تكتمل: دُقّقت كل حركة فور وصولها؛ ويبقى جوابان «لا أستطيع الإثبات» دون تدقيق، لأن البطاقات التي يتعلقان بها تبقى مغلقة.
    [few] توقفت اللعبة قبل أن تكتمل: دُقّقت كل حركة فور وصولها؛ وتبقى { $count } أجوبة «لا أستطيع الإثبات» دون تدقيق، لأن البطاقات التي تتعلق بها تبقى مغلقة.
    [many] توقفت اللعبة قبل أن تكتمل: دُقّقت كل حركة فور وصولها؛ ويبقى { $count } جوابًا «لا أستطيع الإثبات» دون تدقيق، لأن البطاقات التي تتعلق بها تبقى مغلقة.
   *[other] توقفت اللعبة قبل أن تكتمل: دُقّقت كل حركة فور وصولها؛ ويبقى { $count } جواب «لا أستطيع الإثبات» دون تدقيق، لأن البطاقات التي تتعلق بها تبقى مغلقة.
}
fair-verdict-sealed = غادر أحد اللاعبين وفي يده بطاقات، لذلك لا تُفتح أي بطاقة في النهاية: دُقّقت كل حركة فور وصولها؛ أجوبة «لا أستطيع الإثبات» غير المدقّقة: { $count }.
fair-ask-prove = ادعاؤك موضع تحدٍّ: أجب ببطاقاتك.
fair-ask-show = اختر البطاقة التي تُريها المحقق.
fair-ask-keep = اختر البطاقات التي تحتفظ بها.
fair-ask-pick = اختر من مجموعتك البطاقة التي تحتفظ بها.
fair-title-prove = تحدّاك أحدهم
fair-prove = اكشف { $card }
fair-cannot-prove = لا أستطيع الإثبات
fair-concede = أقرّ (معي الدوق)
fair-show-hand = اكشف يدي (بلا دوق)
fair-lose = تخلَّ عن { $card }
fair-show = اكشف { $card }
fair-pick = احتفظ بـ{ $card }
fair-keep = احتفظ بـ{ $cards }
fair-answer-not-asked = لا يُطلب منك شيء الآن.
fair-answer-refused = رفضت طاولتك ذلك الجواب.

## The first screen's options, each with what it does.
option-inquisitor-hint = المحقق بدل السفير: بدّل ورقة واحدة، أو اطّلع على ورقة خصم.
option-reformation-hint = الموالاة والإصلاح: لا يجوز استهداف فريقك؛ وتغيير الفريق يكلّف عملات.
option-draft-hint = لاعبان: يختار كل منهما ورقة من مجموعة من خمس؛ سبع أوراق في اللعب.

## Where you finished, at the end of a game.
place-won = فزت: المركز 1 من { $count }.
place-finished = أنهيت في المركز { $place } من { $count }.

## The guide to a first game against bots.
guide-label = دليل المباراة الأولى
guide-step = { $n } من { $count }
guide-cards = هذه أوراقك: نفوذك. إن خسرت الاثنتين تخرج من اللعبة.
guide-coins = عملاتك وأفعالك: اختر واحدًا منها في دورك.
guide-claims = قد يدّعي الفعل شخصية، حتى لو لم تكن معك. ويمكن لأي لاعب أن يشكك في الادعاء: من يخطئ يخسر ورقة.
guide-log = يروي السجل ما حدث ومن ادّعى ماذا.
guide-next = التالي
guide-skip = تخطٍّ
guide-done = فهمت

## Reactions to chat lines.
react-add = أضف تفاعلًا
react-with = تفاعل بـ { $emoji }
chat-error-no-such-line = لم تعد هذه الرسالة في السجل.
