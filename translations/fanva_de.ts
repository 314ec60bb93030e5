<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>ApplyFlow</name>
    <message>
        <location filename="../widgets/window/applyflow.cpp" line="+55"/>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Fanva closes once this is over: %1 (Esc stops waiting)</source>
        <translation>Fanva schließt, sobald dies vorbei ist: %1 (Esc wartet nicht länger)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Cannot remember the answer for %1: %2</source>
        <translation>Die Antwort für %1 kann nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Commit with git?</source>
        <translation>Mit git committen?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 lies in the git work tree %2.

With “Commit Applies to git” on, Apply and Undo Apply commit the file there, and git then runs that repository&apos;s hooks and the programs its configuration names (filters, a signing program) as you.

Commit with git in this repository? Fanva remembers the answer for this work tree.</source>
        <translation>%1 liegt im git-Arbeitsverzeichnis %2.

Mit „Anwendungen in git committen“ committen Anwenden und Anwenden rückgängig machen die Datei dort, und git führt dann die Hooks dieses Repositorys und die Programme, die seine Konfiguration nennt (Filter, ein Signierprogramm), als Sie aus.

In diesem Repository mit git committen? Fanva merkt sich die Antwort für dieses Arbeitsverzeichnis.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Commit with git</source>
        <translation>Mit git &amp;committen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Don&apos;t commit in this repository</source>
        <translation>In diesem Repository &amp;nicht committen</translation>
    </message>
</context>
<context>
    <name>ApplyProgress</name>
    <message>
        <location filename="../widgets/review/applyprogress.cpp" line="+50"/>
        <location line="+39"/>
        <source>Stopping: %1</source>
        <translation>Wird angehalten: %1</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Fanva</source>
        <translation>Fanva</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Cancel</source>
        <translation>Abbre&amp;chen</translation>
    </message>
</context>
<context>
    <name>ApplyResultBar</name>
    <message>
        <location filename="../widgets/review/applyresultbar.cpp" line="+18"/>
        <source>&amp;Re-diff</source>
        <translation>&amp;Neu vergleichen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo Apply</source>
        <translation>Anwenden &amp;rückgängig machen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Apply result</source>
        <translation>Ergebnis des Anwendens</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Take the file as it is now as the base and re-check the entries against it</source>
        <translation>Die Datei in ihrem jetzigen Zustand als Basis nehmen und die Einträge erneut dagegen prüfen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Restore the file as it was before this Apply</source>
        <translation>Die Datei so wiederherstellen, wie sie vor diesem Anwenden war</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1"/>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>ApplyTexts</name>
    <message>
        <location filename="../widgets/review/applytexts.cpp" line="+26"/>
        <source>No entry is accepted; Apply has nothing to write.</source>
        <translation>Kein Eintrag ist angenommen; Anwenden hat nichts zu schreiben.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (past %2)</source>
        <translation>%1 (trotz %2)</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Write %n entries to %1?</source>
        <translation>
            <numerusform>%n Eintrag in %1 schreiben?</numerusform>
            <numerusform>%n Einträge in %1 schreiben?</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>They cover %1 of the document&apos;s %2 sentences.</source>
        <translation>Sie decken %1 der %2 Sätze des Dokuments ab.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Forced past the gates: %1</source>
        <translation>Trotz der Prüfstufen erzwungen: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Applied: wrote %n entries to %1.</source>
        <translation>
            <numerusform>Angewendet: %n Eintrag in %1 geschrieben.</numerusform>
            <numerusform>Angewendet: %n Einträge in %1 geschrieben.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Blocked: %1</source>
        <translation>Blockiert: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Blocked: the gates now refuse these entries. Nothing was written.
%1</source>
        <translation>Blockiert: Die Prüfstufen weisen diese Einträge jetzt ab. Es wurde nichts geschrieben.
%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Conflict: %1 changed on disk since this proposal was made (expected %2, found %3). Nothing was written. Re-diff to review the entries against the new file.</source>
        <translation>Konflikt: %1 wurde auf der Festplatte geändert, seit dieser Vorschlag erstellt wurde (erwartet %2, gefunden %3). Es wurde nichts geschrieben. Prüfen Sie die Einträge mit „Neu vergleichen“ gegen die neue Datei.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Could not write: %1</source>
        <translation>Schreiben fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Written, but the check after the reload failed: %1
Undo Apply restores the file.</source>
        <translation>Geschrieben, aber die Prüfung nach dem Neuladen ist fehlgeschlagen: %1
„Anwenden rückgängig machen“ stellt die Datei wieder her.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Undone: %1</source>
        <translation>Rückgängig gemacht: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>There is no Apply to undo.</source>
        <translation>Es gibt kein Anwenden, das rückgängig gemacht werden könnte.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Could not undo: %1</source>
        <translation>Rückgängigmachen fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Re-diffed against the file as it is now; no entry&apos;s problems changed. Review and Apply again.</source>
        <translation>Erneut mit der Datei in ihrem jetzigen Zustand verglichen; bei keinem Eintrag haben sich die Probleme geändert. Prüfen Sie die Einträge und wenden Sie erneut an.</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Re-diffed against the file as it is now; the problems of %n entries changed: %1. Review them and Apply again.</source>
        <translation>
            <numerusform>Erneut mit der Datei in ihrem jetzigen Zustand verglichen; bei %n Eintrag haben sich die Probleme geändert: %1. Prüfen Sie ihn und wenden Sie erneut an.</numerusform>
            <numerusform>Erneut mit der Datei in ihrem jetzigen Zustand verglichen; bei %n Einträgen haben sich die Probleme geändert: %1. Prüfen Sie sie und wenden Sie erneut an.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AttemptChipDelegate</name>
    <message>
        <location filename="../widgets/attempts/attemptchipdelegate.cpp" line="+171"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>AttemptLogModel</name>
    <message>
        <location filename="../widgets/attempts/attemptlogmodel.cpp" line="+324"/>
        <source>drafted by rules — no model</source>
        <translation>von Regeln entworfen — kein Modell</translation>
    </message>
    <message>
        <location line="-287"/>
        <location line="+668"/>
        <location line="+30"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="-662"/>
        <source>%1 passed</source>
        <translation>%1 bestanden</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 failed: %2</source>
        <translation>%1 nicht bestanden: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 doubts: %2</source>
        <translation>%1 zweifelt: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 not run</source>
        <translation>%1 nicht ausgeführt</translation>
    </message>
    <message>
        <location line="+131"/>
        <source>every kept entry passed the gates</source>
        <translation>jeder behaltene Eintrag hat die Prüfstufen bestanden</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>entries were kept, some are still refused</source>
        <translation>Einträge wurden behalten, einige sind weiterhin abgewiesen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no entry passed the gates</source>
        <translation>kein Eintrag hat die Prüfstufen bestanden</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the model declined the request</source>
        <translation>das Modell hat die Anfrage abgelehnt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the request does not fit the model&apos;s context window</source>
        <translation>die Anfrage passt nicht in das Kontextfenster des Modells</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the provider reported an error</source>
        <translation>der Anbieter hat einen Fehler gemeldet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stopped; what was found so far is kept</source>
        <translation>abgebrochen; das bisher Gefundene bleibt erhalten</translation>
    </message>
    <message>
        <location line="+113"/>
        <source>refused by the model</source>
        <translation>vom Modell verweigert</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unreadable</source>
        <translation>unlesbar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>truncated</source>
        <translation>abgeschnitten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>repeats attempt %1</source>
        <translation>wiederholt Versuch %1</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>not run: an earlier gate failed</source>
        <translation>nicht ausgeführt: Eine frühere Prüfstufe wurde nicht bestanden</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>nicht bestanden</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>passed</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not judged yet</source>
        <translation>noch nicht beurteilt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>refused entries are not judged</source>
        <translation>abgewiesene Einträge werden nicht beurteilt</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+1"/>
        <location line="+37"/>
        <location line="+272"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location line="-309"/>
        <source>%1 %2 %3</source>
        <translation>%1 %2 %3</translation>
    </message>
    <message>
        <location line="+33"/>
        <location line="+60"/>
        <location line="+80"/>
        <location line="+141"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="-265"/>
        <source>judge failed: %1</source>
        <translation>Begutachtung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>judge failed: %1 — %2</source>
        <translation>Begutachtung fehlgeschlagen: %1 — %2</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>coverage %1/%2</source>
        <translation>Abdeckung %1/%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>judge: %1</source>
        <translation>Gutachter: %1</translation>
    </message>
    <message>
        <location line="+141"/>
        <source>judge · round %1 · batch %2</source>
        <translation>Gutachter · Runde %1 · Stapel %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 …</source>
        <translation>%1 …</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 / %2 / %3</source>
        <translation>%1 / %2 / %3</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 [%2]</source>
        <translation>%1 [%2]</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1: %2; %3</source>
        <translation>%1: %2; %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 %2: %3</source>
        <translation>%1 %2: %3</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sent</source>
        <translation>Gesendet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Admitted</source>
        <translation>Zugelassen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens in / out / cached</source>
        <translation>Token ein / aus / Cache</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <location line="-686"/>
        <source>success</source>
        <translation>Erfolg</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>partial</source>
        <translation>teilweise</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>exhausted</source>
        <translation>erschöpft</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+30"/>
        <source>refused</source>
        <translation>abgewiesen</translation>
    </message>
    <message>
        <location line="-28"/>
        <source>too large</source>
        <translation>zu groß</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>chat failed</source>
        <translation>Anfrage fehlgeschlagen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>%1 admissible</source>
        <translation>%1 zulässig</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 already known</source>
        <translation>%1 bereits bekannt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 refused</source>
        <translation>%1 abgewiesen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 superseded</source>
        <translation>%1 ersetzt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 dropped</source>
        <translation>%1 verworfen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 agree</source>
        <translation>%1 stimmen zu</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 disagree</source>
        <translation>%1 widersprechen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 unsure</source>
        <translation>%1 unsicher</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 skipped</source>
        <translation>%1 übersprungen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 failed</source>
        <translation>%1 fehlgeschlagen</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>draft</source>
        <translation>Entwurf</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>repair</source>
        <translation>Reparatur</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>repair of an unreadable reply</source>
        <translation>Reparatur einer unlesbaren Antwort</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>judge repair</source>
        <translation>Reparatur nach Begutachtung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>judge</source>
        <translation>Gutachter</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>literals: %1 (%2 reused, %3 coined)</source>
        <translation>Literale: %1 (%2 wiederverwendet, %3 neu geprägt)</translation>
    </message>
    <message>
        <location line="+484"/>
        <source>Notice: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1 · ⚠ %2</source>
        <translation>%1 · ⚠ %2</translation>
    </message>
    <message>
        <location line="-594"/>
        <source>converged</source>
        <translation>konvergiert</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>attempt limit reached</source>
        <translation>Versuchsgrenze erreicht</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the model repeated itself</source>
        <translation>das Modell hat sich wiederholt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>nothing proposed</source>
        <translation>nichts vorgeschlagen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>refusal</source>
        <translation>Ablehnung</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>admissible</source>
        <translation>zulässig</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>known</source>
        <translation>bekannt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>superseded</source>
        <translation>ersetzt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dropped</source>
        <translation>verworfen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>agree</source>
        <translation>stimmt zu</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>disagree</source>
        <translation>widerspricht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unsure</source>
        <translation>unsicher</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no verdict</source>
        <translation>kein Urteil</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>undecided</source>
        <translation>offen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>accepted</source>
        <translation>angenommen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>edited</source>
        <translation>bearbeitet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>forced</source>
        <translation>erzwungen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rejected</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>applied</source>
        <translation>angewendet</translation>
    </message>
    <message>
        <location line="+448"/>
        <source>the same sentence as %1: %1 kept</source>
        <translation>derselbe Satz wie %1: %1 behalten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the same sentence as %1: %1 kept, %2</source>
        <translation>derselbe Satz wie %1: %1 behalten, %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>new: undecided</source>
        <translation>neu: offen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>withdrawn: its sentence is no longer in the document</source>
        <translation>zurückgezogen: sein Satz steht nicht mehr im Dokument</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>withdrawn: not proposed again</source>
        <translation>zurückgezogen: nicht erneut vorgeschlagen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>dropped: not proposed again</source>
        <translation>verworfen: nicht erneut vorgeschlagen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>replaced: undecided or rejected, its sentence formalized afresh</source>
        <translation>ersetzt: offen oder abgelehnt, sein Satz neu formalisiert</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n kept</source>
        <translation>
            <numerusform>%n behalten</numerusform>
            <numerusform>%n behalten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>, %n new</source>
        <translation>
            <numerusform>, %n neu</numerusform>
            <numerusform>, %n neu</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>, %n withdrawn</source>
        <translation>
            <numerusform>, %n zurückgezogen</numerusform>
            <numerusform>, %n zurückgezogen</numerusform>
        </translation>
    </message>
    <message>
        <location line="+91"/>
        <source>merged into the review</source>
        <translation>ins Review übernommen</translation>
    </message>
</context>
<context>
    <name>AttemptReplyView</name>
    <message>
        <location filename="../widgets/attempts/attemptreplyview.cpp" line="+35"/>
        <source>Show or hide what the model thought before it answered</source>
        <translation>Ein- oder ausblenden, was das Modell vor seiner Antwort überlegt hat</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Thinking of the model</source>
        <translation>Überlegungen des Modells</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Reply of the model</source>
        <translation>Antwort des Modells</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The model&apos;s reply streams here.</source>
        <translation>Die Antwort des Modells erscheint hier, während sie eintrifft.</translation>
    </message>
    <message>
        <location line="+159"/>
        <source>Thinking (%1 characters)</source>
        <translation>Überlegungen (%1 Zeichen)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hide thinking</source>
        <translation>Überlegungen ausblenden</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show thinking</source>
        <translation>Überlegungen einblenden</translation>
    </message>
</context>
<context>
    <name>AttemptsPane</name>
    <message>
        <location filename="../widgets/attempts/attemptspane.cpp" line="+21"/>
        <source>&amp;Cancel</source>
        <translation>Abbre&amp;chen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Attempt log</source>
        <translation>Versuchsprotokoll</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The model&apos;s attempts and the gates&apos; answers while a formalization runs</source>
        <translation>Die Versuche des Modells und die Antworten der Prüfstufen während einer Formalisierung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No formalization has run yet.</source>
        <translation>Es ist noch keine Formalisierung gelaufen.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reply shown</source>
        <translation>Angezeigte Antwort</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stop the running formalization or rewrite (Esc); what it found so far is kept</source>
        <translation>Die laufende Formalisierung oder das Umschreiben abbrechen (Esc); was sie bisher gefunden hat, bleibt erhalten</translation>
    </message>
    <message>
        <location line="+136"/>
        <source>Rep&amp;ly</source>
        <translation>Antw&amp;ort</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Rep&amp;ly of #%1 %2</source>
        <translation>Antw&amp;ort von #%1 %2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rep&amp;ly of %1</source>
        <translation>Antw&amp;ort von %1</translation>
    </message>
</context>
<context>
    <name>CompletionPopup</name>
    <message>
        <location filename="../widgets/editor/completionpopup.cpp" line="+25"/>
        <source>Completions</source>
        <translation>Vervollständigungen</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1    %2</source>
        <translation>%1    %2</translation>
    </message>
</context>
<context>
    <name>ContextChooser</name>
    <message>
        <location filename="../widgets/window/contextchooser.cpp" line="+19"/>
        <source>Target context</source>
        <translation>Zielkontext</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The context the formalized sentences are filed in</source>
        <translation>Der Kontext, in dem die formalisierten Sätze abgelegt werden</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>New Context…</source>
        <translation>Neuer Kontext…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Name a new context and the contexts it sees; Apply creates its file</source>
        <translation>Einen neuen Kontext und die Kontexte, die er sieht, benennen; Anwenden legt seine Datei an</translation>
    </message>
</context>
<context>
    <name>EditorVocabulary</name>
    <message>
        <source>context</source>
        <translation type="vanished">Kontext</translation>
    </message>
    <message>
        <source>individual</source>
        <translation type="vanished">Individuum</translation>
    </message>
    <message>
        <source>type</source>
        <translation type="vanished">Typ</translation>
    </message>
    <message>
        <source>predicate</source>
        <translation type="vanished">Prädikat</translation>
    </message>
    <message>
        <source>built-in</source>
        <translation type="vanished">eingebaut</translation>
    </message>
    <message>
        <source>term</source>
        <translation type="vanished">Term</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="vanished">%1 — %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — not in the KB as seen from %2</source>
        <translation type="vanished">&lt;b&gt;%1&lt;/b&gt; — nicht in der KB, von %2 aus gesehen</translation>
    </message>
    <message>
        <source>arity %1%2</source>
        <translation type="vanished">Stelligkeit %1%2</translation>
    </message>
    <message>
        <source> or more</source>
        <translation type="vanished"> oder mehr</translation>
    </message>
    <message>
        <source>arguments: %1</source>
        <translation type="vanished">Argumente: %1</translation>
    </message>
    <message>
        <source>supertypes: %1</source>
        <translation type="vanished">Obertypen: %1</translation>
    </message>
    <message>
        <source>is a: %1</source>
        <translation type="vanished">ist ein: %1</translation>
    </message>
    <message>
        <source>Ctrl+L opens its page</source>
        <translation type="vanished">Strg+L öffnet seine Seite</translation>
    </message>
    <message numerus="yes">
        <source>used %n time(s) in the KB</source>
        <translation type="vanished">
            <numerusform>%n-mal in der KB verwendet</numerusform>
            <numerusform>%n-mal in der KB verwendet</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EntryAxes</name>
    <message>
        <location filename="../widgets/review/entryaxes.cpp" line="+13"/>
        <source>admissible</source>
        <translation>zulässig</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>already known</source>
        <translation>bereits bekannt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>refused</source>
        <translation>abgewiesen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>superseded</source>
        <translation>ersetzt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dropped</source>
        <translation>verworfen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>not judged</source>
        <translation>nicht begutachtet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>agrees</source>
        <translation>stimmt zu</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>disagrees</source>
        <translation>widerspricht</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unsure</source>
        <translation>unsicher</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>default (exceptions allowed)</source>
        <translation>Standard (Ausnahmen erlaubt)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>monotonic (no exceptions)</source>
        <translation>monoton (keine Ausnahmen)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not stated</source>
        <translation>nicht angegeben</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>property</source>
        <translation>Eigenschaft</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>relation</source>
        <translation>Relation</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>the judge failed: %1</source>
        <translation>die Begutachtung ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+6"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decision: %1</source>
        <translation>Entscheidung: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State: %1</source>
        <translation>Zustand: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Problems: %1</source>
        <translation>Probleme: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Correction: %1 (%2 shapes)</source>
        <translation>Korrektur: %1 (%2 Formen)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1/%2 (%3)</source>
        <translation>%1/%2 (%3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Coins: %1</source>
        <translation>Prägt: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Judge: %1</source>
        <translation>Gutachter: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Model confidence: %1</source>
        <translation>Sicherheit des Modells: %1</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Drafted by rules — no model: pattern %1</source>
        <translation>Von Regeln entworfen — kein Modell: Muster %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every content word used</source>
        <translation>Jedes Inhaltswort verwendet</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Words not used: %1</source>
        <translation>Nicht verwendete Wörter: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rules confidence: %1</source>
        <translation>Sicherheit der Regeln: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Strength: %1</source>
        <translation>Stärke: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Forced past: %1</source>
        <translation>Erzwungen trotz: %1</translation>
    </message>
</context>
<context>
    <name>EntryDetailsView</name>
    <message>
        <location filename="../widgets/review/entrydetailsview.cpp" line="+112"/>
        <source>Drafted by rules — no model</source>
        <translation>Von Regeln entworfen — kein Modell</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every content word used</source>
        <translation>Jedes Inhaltswort verwendet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Words not used: %1</source>
        <translation>Nicht verwendete Wörter: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rules confidence</source>
        <translation>Sicherheit der Regeln</translation>
    </message>
    <message>
        <location line="-85"/>
        <source>Entry details</source>
        <translation>Eintragsdetails</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Select an entry in the proposal to see its details.</source>
        <translation>Wählen Sie einen Eintrag im Vorschlag, um seine Details zu sehen.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The model named no sentence of the document.</source>
        <translation>Das Modell hat keinen Satz des Dokuments angegeben.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shapes</source>
        <translation>Formen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>selected</source>
        <translation>gewählt</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Edited:</source>
        <translation>Bearbeitet:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clashes with other accepted entries</source>
        <translation>Widersprüche zu anderen angenommenen Einträgen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Correction</source>
        <translation>Korrektur</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Confidence</source>
        <translation>Sicherheit</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Coined functors</source>
        <translation>Neu geprägte Funktoren</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reads as</source>
        <translation>Lesart</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Judge</source>
        <translation>Gutachter</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Model confidence</source>
        <translation>Sicherheit des Modells</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Forced past</source>
        <translation>Erzwungen trotz</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Notes</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>attempt</source>
        <translation>Versuch</translation>
    </message>
    <message>
        <location line="-70"/>
        <source>Written by the author, not quoted from the document.</source>
        <translation>Vom Autor geschrieben, nicht aus dem Dokument zitiert.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>After</source>
        <translation>Nach</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Strength</source>
        <translation>Stärke</translation>
    </message>
</context>
<context>
    <name>EntryModel</name>
    <message>
        <location filename="../widgets/review/entrymodel.cpp" line="+130"/>
        <source>Refused: a gate blocks this sentence</source>
        <translation>Abgewiesen: Eine Prüfstufe blockiert diesen Satz</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Correctable: a correction rule offers another shape</source>
        <translation>Korrigierbar: Eine Korrekturregel bietet eine andere Form an</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Doubted: the judge disagreed or was unsure</source>
        <translation>Angezweifelt: Der Gutachter widersprach oder war unsicher</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Coined: introduces vocabulary the KB does not have</source>
        <translation>Neu geprägt: führt Vokabular ein, das die KB nicht hat</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clean: passed every gate</source>
        <translation>Einwandfrei: hat jede Prüfstufe bestanden</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Known: the KB already says this</source>
        <translation>Bekannt: Die KB sagt das bereits</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Undecided</source>
        <translation>Offen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Accepted</source>
        <translation>Angenommen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edited and accepted</source>
        <translation>Bearbeitet und angenommen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Forced past its problems</source>
        <translation>Trotz seiner Probleme erzwungen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rejected</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Applied to the KB</source>
        <translation>In die KB geschrieben</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Entry</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Segment</source>
        <translation>Segment</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sentence</source>
        <translation>Satz</translation>
    </message>
</context>
<context>
    <name>FanvaKbPages</name>
    <message>
        <location filename="../widgets/kbbrowser/fanvakb/fanvakbpages.cpp" line="+78"/>
        <location line="+490"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <location line="-484"/>
        <source> … and %n more</source>
        <translation>
            <numerusform> … und %n weiterer</numerusform>
            <numerusform> … und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>KB browser</source>
        <translation type="vanished">KB-Browser</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>&amp;Back</source>
        <translation>&amp;Zurück</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Back to the previous term (%1)</source>
        <translation>Zurück zum vorigen Begriff (%1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Forward</source>
        <translation>Vor&amp;wärts</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Forward to the next term (%1)</source>
        <translation>Vorwärts zum nächsten Begriff (%1)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Shown term</source>
        <translation>Angezeigter Begriff</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Contexts</source>
        <translation>Kontexte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The KB&apos;s contexts; a context is listed under each context it sees through genlCx</source>
        <translation>Die Kontexte der KB; ein Kontext steht unter jedem Kontext, den er über genlCx sieht</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>C&amp;ontexts</source>
        <translation>&amp;Kontexte</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Filter terms</source>
        <translation>Begriffe filtern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter terms…</source>
        <translation>Begriffe filtern…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ter&amp;ms</source>
        <translation>Be&amp;griffe</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Terms of the context</source>
        <translation>Begriffe des Kontexts</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Term page</source>
        <translation>Begriffsseite</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What the KB knows about the shown term; the terms it names are links</source>
        <translation>Was die KB über den angezeigten Begriff weiß; die darin genannten Begriffe sind Links</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Sentences mentioning the term</source>
        <translation>Sätze, die den Begriff erwähnen</translation>
    </message>
    <message>
        <location line="-135"/>
        <source>No KB is open.</source>
        <translation>Es ist keine KB geöffnet.</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>Term list progress</source>
        <translation>Fortschritt der Begriffsliste</translation>
    </message>
    <message>
        <location line="+206"/>
        <source>Indexing the terms of %1… %p%</source>
        <translation>Die Begriffe von %1 werden indiziert … %p%</translation>
    </message>
    <message>
        <location line="+105"/>
        <source>%1 in %2</source>
        <translation>%1 in %2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>every context</source>
        <translation>allen Kontexten</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>File:</source>
        <translation>Datei:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sentences:</source>
        <translation>Sätze:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>genlCx:</source>
        <translation>genlCx:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sees:</source>
        <translation>Sieht:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Seen by:</source>
        <translation>Gesehen von:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pick a term of this context to see what the KB knows about it.</source>
        <translation>Wählen Sie einen Begriff dieses Kontexts, um zu sehen, was die KB über ihn weiß.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>any context</source>
        <translation>jedem Kontext</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Role:</source>
        <translation>Rolle:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, used in the KB as seen from %2</source>
        <translation>%1, in der KB verwendet, von %2 aus gesehen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1, not used in the KB as seen from %2</source>
        <translation>%1, in der KB nicht verwendet, von %2 aus gesehen</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Comment:</source>
        <translation>Kommentar:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Supertypes:</source>
        <translation>Obertypen:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Subtypes:</source>
        <translation>Untertypen:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance of:</source>
        <translation>Instanz von:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 or more</source>
        <translation>%1 oder mehr</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (via %1)</source>
        <translation> (über %1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Arity:</source>
        <translation>Stelligkeit:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>argument %1: %2</source>
        <translation>Argument %1: %2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>argument %1 (genlArg): %2</source>
        <translation>Argument %1 (genlArg): %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (declared on %1)</source>
        <translation> (deklariert bei %1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Argument types:</source>
        <translation>Argumenttypen:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Disjoint with:</source>
        <translation>Disjunkt zu:</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 (via %2)</source>
        <translation>%1 (über %2)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Relation marks:</source>
        <translation>Relationsmerkmale:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mentioned in:</source>
        <translation>Erwähnt in:</translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n sentences (below)</source>
        <translation>
            <numerusform>%n Satz (unten)</numerusform>
            <numerusform>%n Sätzen (unten)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>;; … and %n more sentences</source>
        <translation>
            <numerusform>;; … und %n weiterer Satz</numerusform>
            <numerusform>;; … und %n weitere Sätze</numerusform>
        </translation>
    </message>
    <message>
        <location line="-483"/>
        <location line="+359"/>
        <source>New Sentence</source>
        <translation>Neuer Satz</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New Sentence about %1</source>
        <translation>Neuer Satz über %1</translation>
    </message>
    <message>
        <location line="-443"/>
        <source>KB pages by context and term</source>
        <translation>KB-Seiten nach Kontext und Begriff</translation>
    </message>
</context>
<context>
    <name>InlineEditor</name>
    <message>
        <location filename="../widgets/review/inlineeditor.cpp" line="+49"/>
        <source>Enter commits · Shift+Enter starts a new line · Ctrl+Space completes · Ctrl+L looks up · Esc cancels</source>
        <translation>Enter: übernehmen · Umschalt+Enter: neue Zeile · Strg+Leertaste: vervollständigen · Strg+L: nachschlagen · Esc: abbrechen</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Edit entry</source>
        <translation>Eintrag bearbeiten</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sentence</source>
        <translation>Satz</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Problems of the edited sentence</source>
        <translation>Probleme des bearbeiteten Satzes</translation>
    </message>
    <message>
        <location line="+398"/>
        <source>The gates find no problem.</source>
        <translation>Die Prüfstufen finden kein Problem.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="-396"/>
        <source>Signature of the functor at the cursor</source>
        <translation>Signatur des Funktors am Cursor</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>What the sentence reads as</source>
        <translation>Wie sich der Satz liest</translation>
    </message>
    <message>
        <location line="+342"/>
        <source>Reads as: — (not one sentence yet)</source>
        <translation>Liest sich als: — (noch kein einzelner Satz)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reads as: %1</source>
        <translation>Liest sich als: %1</translation>
    </message>
    <message>
        <source>Enter commits · Shift+Enter starts a new line · Esc cancels</source>
        <translation type="vanished">Enter: übernehmen · Umschalt+Enter: neue Zeile · Esc: abbrechen</translation>
    </message>
</context>
<context>
    <name>KbBrowser</name>
    <message>
        <source>none</source>
        <translation type="vanished">keine</translation>
    </message>
    <message numerus="yes">
        <source> … and %n more</source>
        <translation type="vanished">
            <numerusform> … und %n weiterer</numerusform>
            <numerusform> … und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/kbbrowser/kbbrowser.cpp" line="+25"/>
        <location line="+2"/>
        <source>KB browser</source>
        <translation>KB-Browser</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation type="vanished">&amp;Zurück</translation>
    </message>
    <message>
        <source>Back to the previous term (%1)</source>
        <translation type="vanished">Zurück zum vorigen Begriff (%1)</translation>
    </message>
    <message>
        <source>&amp;Forward</source>
        <translation type="vanished">Vor&amp;wärts</translation>
    </message>
    <message>
        <source>Forward to the next term (%1)</source>
        <translation type="vanished">Vorwärts zum nächsten Begriff (%1)</translation>
    </message>
    <message>
        <source>Shown term</source>
        <translation type="vanished">Angezeigter Begriff</translation>
    </message>
    <message>
        <source>Contexts</source>
        <translation type="vanished">Kontexte</translation>
    </message>
    <message>
        <source>The KB&apos;s contexts; a context is listed under each context it sees through genlCx</source>
        <translation type="vanished">Die Kontexte der KB; ein Kontext steht unter jedem Kontext, den er über genlCx sieht</translation>
    </message>
    <message>
        <source>C&amp;ontexts</source>
        <translation type="vanished">&amp;Kontexte</translation>
    </message>
    <message>
        <source>Filter terms</source>
        <translation type="vanished">Begriffe filtern</translation>
    </message>
    <message>
        <source>Filter terms…</source>
        <translation type="vanished">Begriffe filtern…</translation>
    </message>
    <message>
        <source>Ter&amp;ms</source>
        <translation type="vanished">Be&amp;griffe</translation>
    </message>
    <message>
        <source>Terms of the context</source>
        <translation type="vanished">Begriffe des Kontexts</translation>
    </message>
    <message>
        <source>Term page</source>
        <translation type="vanished">Begriffsseite</translation>
    </message>
    <message>
        <source>What the KB knows about the shown term; the terms it names are links</source>
        <translation type="vanished">Was die KB über den angezeigten Begriff weiß; die darin genannten Begriffe sind Links</translation>
    </message>
    <message>
        <source>Sentences mentioning the term</source>
        <translation type="vanished">Sätze, die den Begriff erwähnen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No KB is open.</source>
        <translation>Es ist keine KB geöffnet.</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation type="vanished">%1 in %2</translation>
    </message>
    <message>
        <source>every context</source>
        <translation type="vanished">allen Kontexten</translation>
    </message>
    <message>
        <source>File:</source>
        <translation type="vanished">Datei:</translation>
    </message>
    <message>
        <source>Sentences:</source>
        <translation type="vanished">Sätze:</translation>
    </message>
    <message>
        <source>genlCx:</source>
        <translation type="vanished">genlCx:</translation>
    </message>
    <message>
        <source>Sees:</source>
        <translation type="vanished">Sieht:</translation>
    </message>
    <message>
        <source>Seen by:</source>
        <translation type="vanished">Gesehen von:</translation>
    </message>
    <message>
        <source>Pick a term of this context to see what the KB knows about it.</source>
        <translation type="vanished">Wählen Sie einen Begriff dieses Kontexts, um zu sehen, was die KB über ihn weiß.</translation>
    </message>
    <message>
        <source>any context</source>
        <translation type="vanished">jedem Kontext</translation>
    </message>
    <message>
        <source>Role:</source>
        <translation type="vanished">Rolle:</translation>
    </message>
    <message>
        <source>%1, used in the KB as seen from %2</source>
        <translation type="vanished">%1, in der KB verwendet, von %2 aus gesehen</translation>
    </message>
    <message>
        <source>%1, not used in the KB as seen from %2</source>
        <translation type="vanished">%1, in der KB nicht verwendet, von %2 aus gesehen</translation>
    </message>
    <message>
        <source>Comment:</source>
        <translation type="vanished">Kommentar:</translation>
    </message>
    <message>
        <source>Supertypes:</source>
        <translation type="vanished">Obertypen:</translation>
    </message>
    <message>
        <source>Subtypes:</source>
        <translation type="vanished">Untertypen:</translation>
    </message>
    <message>
        <source>Instance of:</source>
        <translation type="vanished">Instanz von:</translation>
    </message>
    <message>
        <source>%1 or more</source>
        <translation type="vanished">%1 oder mehr</translation>
    </message>
    <message>
        <source> (via %1)</source>
        <translation type="vanished"> (über %1)</translation>
    </message>
    <message>
        <source>Arity:</source>
        <translation type="vanished">Stelligkeit:</translation>
    </message>
    <message>
        <source>argument %1: %2</source>
        <translation type="vanished">Argument %1: %2</translation>
    </message>
    <message>
        <source>argument %1 (genlArg): %2</source>
        <translation type="vanished">Argument %1 (genlArg): %2</translation>
    </message>
    <message>
        <source> (declared on %1)</source>
        <translation type="vanished"> (deklariert bei %1)</translation>
    </message>
    <message>
        <source>Argument types:</source>
        <translation type="vanished">Argumenttypen:</translation>
    </message>
    <message>
        <source>Disjoint with:</source>
        <translation type="vanished">Disjunkt zu:</translation>
    </message>
    <message>
        <source>%1 (via %2)</source>
        <translation type="vanished">%1 (über %2)</translation>
    </message>
    <message>
        <source>Relation marks:</source>
        <translation type="vanished">Relationsmerkmale:</translation>
    </message>
    <message>
        <source>Mentioned in:</source>
        <translation type="vanished">Erwähnt in:</translation>
    </message>
    <message numerus="yes">
        <source>%n sentences (below)</source>
        <translation type="vanished">
            <numerusform>%n Satz (unten)</numerusform>
            <numerusform>%n Sätzen (unten)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>;; … and %n more sentences</source>
        <translation type="vanished">
            <numerusform>;; … und %n weiterer Satz</numerusform>
            <numerusform>;; … und %n weitere Sätze</numerusform>
        </translation>
    </message>
    <message>
        <source>New Sentence</source>
        <translation type="vanished">Neuer Satz</translation>
    </message>
    <message>
        <source>New Sentence about %1</source>
        <translation type="vanished">Neuer Satz über %1</translation>
    </message>
</context>
<context>
    <name>KbContextModel</name>
    <message numerus="yes">
        <location filename="../widgets/kbbrowser/fanvakb/kbbrowsermodels.cpp" line="+160"/>
        <source>%1: %n sentences in %2</source>
        <translation>
            <numerusform>%1: %n Satz in %2</numerusform>
            <numerusform>%1: %n Sätze in %2</numerusform>
        </translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sentences</source>
        <translation>Sätze</translation>
    </message>
</context>
<context>
    <name>KbLoader</name>
    <message>
        <location filename="../widgets/window/workspace.cpp" line="+383"/>
        <source>The KB in %1 does not load:
%2</source>
        <translation>Die KB in %1 lässt sich nicht laden:
%2</translation>
    </message>
</context>
<context>
    <name>KbPane</name>
    <message>
        <location filename="../widgets/window/kbpane.cpp" line="+32"/>
        <source>KB Browser</source>
        <translation>KB-Browser</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KB browser</source>
        <translation>KB-Browser</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ctrl+Shift+B</source>
        <translation>Ctrl+Shift+B</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>KB loading progress</source>
        <translation>Ladefortschritt der KB</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+10"/>
        <source>Loading KB… %p%</source>
        <translation>KB wird geladen… %p %</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Loading the KB…</source>
        <translation>Die KB wird geladen…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Loading the KB… %1%</source>
        <translation>Die KB wird geladen … %1%</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Indexing %1… %p%</source>
        <translation>%1 wird indiziert … %p%</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>No KB is open.</source>
        <translation>Es ist keine KB geöffnet.</translation>
    </message>
</context>
<context>
    <name>KbTermModel</name>
    <message>
        <location filename="../widgets/kbbrowser/fanvakb/kbbrowsermodels.cpp" line="+91"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Term</source>
        <translation>Begriff</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
</context>
<context>
    <name>LoadMeasurement</name>
    <message>
        <location filename="../widgets/window/loadmeasurement.cpp" line="+96"/>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Contexts are fanva-kb&apos;s: the targets of a %1 KB are its files.</source>
        <translation type="vanished">Kontexte gibt es nur in fanva-kb: die Ziele einer %1-KB sind ihre Dateien.</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindow.cpp" line="+177"/>
        <source>The %1 KB folder %2 holds no KB files.</source>
        <translation>Der %1-KB-Ordner %2 enthält keine KB-Dateien.</translation>
    </message>
    <message>
        <source>%1 on a %2 KB arrives with the formalize session and Apply through the language seam; for now use fanva-cli --language %2.</source>
        <translation type="vanished">%1 auf einer %2-KB kommt mit der Formalisierungssitzung und dem Anwenden über die Sprachschnittstelle; bis dahin verwenden Sie fanva-cli --language %2.</translation>
    </message>
    <message>
        <source>Reviewing a session</source>
        <translation type="vanished">Eine Sitzung prüfen</translation>
    </message>
    <message numerus="yes">
        <location line="+65"/>
        <source>Loaded the %1 KB: %n statements</source>
        <translation>
            <numerusform>%1-KB geladen: %n Aussage</numerusform>
            <numerusform>%1-KB geladen: %n Aussagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Reloaded the %1 KB: %n statements</source>
        <translation>
            <numerusform>%1-KB neu geladen: %n Aussage</numerusform>
            <numerusform>%1-KB neu geladen: %n Aussagen</numerusform>
        </translation>
    </message>
    <message>
        <source>Looking up a term is for fanva-kb KBs only; the KB browser lists this %1 KB by file.</source>
        <translation type="vanished">Begriffe nachschlagen gibt es nur für fanva-kb-KBs; der KB-Browser listet diese %1-KB nach Dateien.</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>KB: %1 (%2, files: %3)</source>
        <translation>KB: %1 (%2, Dateien: %3)</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (%2) — Fanva</source>
        <translation>%1 (%2) — Fanva</translation>
    </message>
    <message>
        <source>Writing a new sentence into a %1 KB arrives with Apply through the language seam; the KB browser&apos;s statement editor checks %1 statements with the language&apos;s gates meanwhile.</source>
        <translation type="vanished">Einen neuen Satz in eine %1-KB schreiben kommt mit dem Anwenden über die Sprachschnittstelle; bis dahin prüft der Aussagen-Editor des KB-Browsers %1-Aussagen mit den Prüfungen der Sprache.</translation>
    </message>
    <message>
        <source>%1 — writing it into the KB arrives with Apply through the language seam.</source>
        <translation type="vanished">%1 — das Schreiben in die KB kommt mit dem Anwenden über die Sprachschnittstelle.</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowsetup.cpp" line="+292"/>
        <source>Drafted by rules — no model. The rules read plain sentences only and leave the rest untranslated; for more, run a local model with Ollama and choose it in Settings ▸ Provider…</source>
        <translation>Von Regeln entworfen — kein Modell. Die Regeln lesen nur einfache Sätze und lassen den Rest unübersetzt; für mehr ein lokales Modell mit Ollama betreiben und es unter Einstellungen ▸ Anbieter… wählen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Drafting without a model</source>
        <translation>Entwurf ohne Modell</translation>
    </message>
    <message>
        <location line="-225"/>
        <source>Open &amp;Workspace…</source>
        <translation>&amp;Arbeitsbereich öffnen…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open a folder with a kb/ folder and English documents</source>
        <translation>Einen Ordner mit einem kb/-Ordner und englischen Dokumenten öffnen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;Document…</source>
        <translation>&amp;Dokument öffnen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open an English document to formalize</source>
        <translation>Ein englisches Dokument zum Formalisieren öffnen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;KB Folder…</source>
        <translation>&amp;KB-Ordner öffnen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Use the context files (Cx*.txt) of another folder as the KB</source>
        <translation>Die Kontextdateien (Cx*.txt) eines anderen Ordners als KB verwenden</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save Session…</source>
        <translation>Sitzung &amp;speichern…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the review session (available once a formalization has run)</source>
        <translation>Die Prüfsitzung speichern (verfügbar, sobald eine Formalisierung gelaufen ist)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Formalize</source>
        <translation>&amp;Formalisieren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&amp;Apply…</source>
        <translation>An&amp;wenden…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&amp;About Fanva</source>
        <translation>Ü&amp;ber Fanva</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>&amp;Review</source>
        <translation>&amp;Prüfen</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Source document</source>
        <translation>Quelldokument</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The English document to formalize; it can be edited</source>
        <translation>Das englische Dokument, das formalisiert wird; es kann bearbeitet werden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a document (File ▸ Open Document…) to see it here.</source>
        <translation>Öffnen Sie ein Dokument (Datei ▸ Dokument öffnen…), um es hier zu sehen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Source file</source>
        <translation>Quelldatei</translation>
    </message>
    <message>
        <source>Loading the KB…</source>
        <translation type="vanished">Die KB wird geladen…</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowreview.cpp" line="+61"/>
        <source>Accepted entries clash with the others: %1 — see their details before Apply.</source>
        <translation>Angenommene Einträge widersprechen den übrigen: %1 — sehen Sie sich vor dem Anwenden ihre Details an.</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowsetup.cpp" line="-140"/>
        <source>Open &amp;Session…</source>
        <translation>Sitzung ö&amp;ffnen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reopen a saved review session (.fanva)</source>
        <translation>Eine gespeicherte Prüfsitzung (.fanva) wieder öffnen</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowreview.cpp" line="+98"/>
        <location filename="../widgets/window/mainwindowsetup.cpp" line="+12"/>
        <source>Formalize the document into the target context</source>
        <translation>Das Dokument in den Zielkontext formalisieren</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowsetup.cpp" line="+10"/>
        <source>&amp;Cancel Formalization</source>
        <translation>Formalisierung abbre&amp;chen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop the running formalization or rewrite (Esc); what it found so far is kept</source>
        <translation>Die laufende Formalisierung oder das Umschreiben abbrechen (Esc); was sie bisher gefunden hat, bleibt erhalten</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Write the accepted entries into the target context file</source>
        <translation>Die angenommenen Einträge in die Datei des Zielkontexts schreiben</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Undo &amp;Apply</source>
        <translation>&amp;Anwenden rückgängig machen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Restore the target context file as it was before the last Apply</source>
        <translation>Die Datei des Zielkontexts so wiederherstellen, wie sie vor dem letzten Anwenden war</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Provider…</source>
        <translation>&amp;Anbieter…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose the model provider, its model, key and timeouts</source>
        <translation>Den Modellanbieter, sein Modell, den Schlüssel und die Zeitlimits wählen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Look Up Term</source>
        <translation>Begriff &amp;nachschlagen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowreview.cpp" line="+26"/>
        <source>Show the term under the proposal&apos;s cursor in the KB browser</source>
        <translation>Den Begriff unter dem Cursor des Vorschlags im KB-Browser zeigen</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowsetup.cpp" line="+19"/>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Proposal</source>
        <translation>Vorschlag</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The target context file and, after a formalization, the sentences proposed for it</source>
        <translation>Die Datei des Zielkontexts und, nach einer Formalisierung, die dafür vorgeschlagenen Sätze</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Target context file</source>
        <translation>Datei des Zielkontexts</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Panes</source>
        <translation>Bereiche</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Source</source>
        <translation>&amp;Quelle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A&amp;ttempts</source>
        <translation>&amp;Versuche</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&amp;Proposal</source>
        <translation>Vor&amp;schlag</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Entry Details</source>
        <translation>Eintragsdetails</translation>
    </message>
    <message>
        <source>KB Browser</source>
        <translation type="vanished">KB-Browser</translation>
    </message>
    <message>
        <source>KB browser</source>
        <translation type="vanished">KB-Browser</translation>
    </message>
    <message>
        <source>Ctrl+Shift+B</source>
        <translation type="vanished">Ctrl+Shift+B</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KB folder</source>
        <translation>KB-Ordner</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Target context</source>
        <translation>Zielkontext</translation>
    </message>
    <message>
        <source>KB loading progress</source>
        <translation type="vanished">Ladefortschritt der KB</translation>
    </message>
    <message>
        <source>Loading KB… %p%</source>
        <translation type="vanished">KB wird geladen… %p %</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindow.cpp" line="-234"/>
        <source>Opened the workspace %1.</source>
        <translation>Arbeitsbereich %1 geöffnet.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The KB folder %1 does not exist or is not a folder.</source>
        <translation>Der KB-Ordner %1 existiert nicht oder ist kein Ordner.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The KB folder %1 holds no context files (Cx*.txt).</source>
        <translation>Der KB-Ordner %1 enthält keine Kontextdateien (Cx*.txt).</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowreview.cpp" line="-110"/>
        <source>Open a document to formalize first.</source>
        <translation>Öffnen Sie zuerst ein Dokument zum Formalisieren.</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowauthoring.cpp" line="+56"/>
        <location filename="../widgets/window/mainwindowreview.cpp" line="+2"/>
        <location filename="../widgets/window/mainwindowcontext.cpp" line="+31"/>
        <location line="+20"/>
        <source>Open a KB folder first.</source>
        <translation>Öffnen Sie zuerst einen KB-Ordner.</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowreview.cpp" line="+2"/>
        <source>The KB is still loading; formalize once it is loaded.</source>
        <translation>Die KB wird noch geladen; formalisieren Sie, sobald sie geladen ist.</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowauthoring.cpp" line="+3"/>
        <location filename="../widgets/window/mainwindowreview.cpp" line="+1"/>
        <source>The KB did not load; fix the errors in its files first.</source>
        <translation>Die KB konnte nicht geladen werden; beheben Sie zuerst die Fehler in ihren Dateien.</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../widgets/window/mainwindowreview.cpp" line="+2"/>
        <source>Choose a target context first (--context or fanva.json).</source>
        <translation>Wählen Sie zuerst einen Zielkontext (--context oder fanva.json).</translation>
    </message>
    <message>
        <source>Reading the API key from the OS keyring…</source>
        <translation type="vanished">Der API-Schlüssel wird aus dem Schlüsselbund des Systems gelesen…</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowreview.cpp" line="+55"/>
        <source>Formalizing %1 with %2…</source>
        <translation>%1 wird mit %2 formalisiert…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Formalization finished: %1</source>
        <translation>Formalisierung beendet: %1</translation>
    </message>
    <message>
        <source>No KB is open.</source>
        <translation type="vanished">Es ist keine KB geöffnet.</translation>
    </message>
    <message numerus="yes">
        <source>Loaded the KB: %n sentences</source>
        <translation type="vanished">
            <numerusform>KB geladen: %n Satz</numerusform>
            <numerusform>KB geladen: %n Sätze</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reloaded the KB: %n sentences</source>
        <translation type="vanished">
            <numerusform>KB neu geladen: %n Satz</numerusform>
            <numerusform>KB neu geladen: %n Sätze</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindow.cpp" line="+89"/>
        <source>Put the proposal&apos;s cursor on a term to look it up.</source>
        <translation>Setzen Sie den Cursor im Vorschlag auf einen Begriff, um ihn nachzuschlagen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The KB is still loading.</source>
        <translation>Die KB wird noch geladen.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No KB is loaded.</source>
        <translation>Es ist keine KB geladen.</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowreview.cpp" line="+66"/>
        <source>Cannot save %1: %2</source>
        <translation>%1 kann nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="vanished">Anwenden</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>Formalize waits for the KB to finish loading</source>
        <translation>Formalisieren wartet, bis die KB geladen ist</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Formalize the document into the target %1 file</source>
        <translation>Das Dokument in die Zieldatei %1 formalisieren</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Formalizing a selection waits for the KB to finish loading</source>
        <translation>Das Formalisieren einer Auswahl wartet, bis die KB geladen ist</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Looking up a term waits for the KB to finish loading</source>
        <translation>Das Nachschlagen eines Begriffs wartet, bis die KB geladen ist</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Writing a new sentence waits for the KB to finish loading</source>
        <translation>Das Schreiben eines neuen Satzes wartet, bis die KB geladen ist</translation>
    </message>
    <message>
        <location line="+59"/>
        <location line="+18"/>
        <source>Cannot open the session %1: %2</source>
        <translation>Die Sitzung %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Opened the session %1.</source>
        <translation>Sitzung %1 geöffnet.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Opening the session %1…</source>
        <translation>Die Sitzung %1 wird geöffnet …</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Open Session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+7"/>
        <source>Fanva sessions (*.fanva)</source>
        <translation>Fanva-Sitzungen (*.fanva)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save Session</source>
        <translation>Sitzung speichern</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Saved the session to %1.</source>
        <translation>Sitzung in %1 gespeichert.</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Recovering the review…</source>
        <translation>Das Review wird wiederhergestellt …</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindow.cpp" line="+17"/>
        <source>No KB folder is open (File ▸ Open KB Folder…).</source>
        <translation>Es ist kein KB-Ordner geöffnet (Datei ▸ KB-Ordner öffnen…).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No target context is chosen: name one with --context or in fanva.json.</source>
        <translation>Es ist kein Zielkontext gewählt: Nennen Sie einen mit --context oder in fanva.json.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The KB has no file for the target context %1 (expected %1.txt).</source>
        <translation>Die KB hat keine Datei für den Zielkontext %1 (erwartet: %1.txt).</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowreview.cpp" line="-40"/>
        <source>Close Fanva</source>
        <translation>Fanva schließen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The review and its decisions are not saved in a session file. Save them before closing?</source>
        <translation>Die Prüfung und ihre Entscheidungen sind nicht in einer Sitzungsdatei gespeichert. Vor dem Schließen speichern?</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Discarded the autosaved review.</source>
        <translation>Die automatisch gespeicherte Prüfung wurde verworfen.</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+9"/>
        <source>Cannot recover the review %1: %2</source>
        <translation>Die Prüfung %1 kann nicht wiederhergestellt werden: %2</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Recovered the review; save it to keep it.</source>
        <translation>Prüfung wiederhergestellt; speichern Sie sie, um sie zu behalten.</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindow.cpp" line="+20"/>
        <source>Provider: %1</source>
        <translation>Anbieter: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Provider: %1 (%2)</source>
        <translation>Anbieter: %1 (%2)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>KB: none</source>
        <translation>KB: keine</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>KB: %1 (context files: %2)</source>
        <translation>KB: %1 (Kontextdateien: %2)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Target: none</source>
        <translation>Ziel: keines</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Target: %1</source>
        <translation>Ziel: %1</translation>
    </message>
    <message>
        <location line="+47"/>
        <location line="+21"/>
        <location line="+2"/>
        <source>Fanva</source>
        <translation>Fanva</translation>
    </message>
    <message>
        <location line="-29"/>
        <location line="+8"/>
        <source>%1 — Fanva</source>
        <translation>%1 — Fanva</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Open Workspace</source>
        <translation>Arbeitsbereich öffnen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Open Document</source>
        <translation>Dokument öffnen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>English documents (*.txt *.md);;All files (*)</source>
        <translation>Englische Dokumente (*.txt *.md);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open KB Folder</source>
        <translation>KB-Ordner öffnen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>About Fanva</source>
        <translation>Über Fanva</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Fanva %1&lt;/h3&gt;&lt;p&gt;Review knowledge-base text drafted by a language model.&lt;/p&gt;&lt;p&gt;A model formalizes English into KB sentences; local gates check every candidate; you accept, edit or reject each line; and only Apply writes to the KB.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Fanva %1&lt;/h3&gt;&lt;p&gt;Wissensbasis-Text prüfen, den ein Sprachmodell entworfen hat.&lt;/p&gt;&lt;p&gt;Ein Modell formalisiert Englisch in KB-Sätze; lokale Prüfstufen prüfen jeden Kandidaten; Sie nehmen jede Zeile an, bearbeiten sie oder lehnen sie ab; und erst Anwenden schreibt in die KB.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowsetup.cpp" line="-243"/>
        <source>Formalize &amp;Selection</source>
        <translation>&amp;Auswahl formalisieren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowreview.cpp" line="-160"/>
        <source>Formalize only the sentences selected in the source; the rest is context</source>
        <translation>Nur die in der Quelle ausgewählten Sätze formalisieren; der Rest ist Kontext</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowiterate.cpp" line="+33"/>
        <source>Formalize</source>
        <translation>Formalisieren</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Note to the model</source>
        <translation>Notiz an das Modell</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Note to the model (optional), e.g. “use livesIn for where animals live”</source>
        <translation>Notiz an das Modell (optional), z. B. „use livesIn for where animals live“</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sent with the document as the author&apos;s note; kept for this workspace</source>
        <translation>Wird mit dem Dokument als Notiz des Autors gesendet; für diesen Arbeitsbereich gespeichert</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Select the sentences to formalize in the source first.</source>
        <translation>Wählen Sie zuerst in der Quelle die Sätze aus, die formalisiert werden sollen.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Formalize Again</source>
        <translation>Erneut formalisieren</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>The new run did not propose %n decided entries again: %1.</source>
        <translation>
            <numerusform>Der neue Lauf hat %n entschiedenen Eintrag nicht erneut vorgeschlagen: %1.</numerusform>
            <numerusform>Der neue Lauf hat %n entschiedene Einträge nicht erneut vorgeschlagen: %1.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep them in the review, marked withdrawn, or let them go?</source>
        <translation>Im Review behalten (als zurückgezogen markiert) oder verwerfen?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keep Them</source>
        <translation>&amp;Behalten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Drop Them</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard the New Run</source>
        <translation>Neuen Lauf verwerfen</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowauthoring.cpp" line="-38"/>
        <source>&amp;New Sentence</source>
        <translation>&amp;Neuer Satz</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowreview.cpp" line="+6"/>
        <source>Write a KB sentence of your own after the selected entry (n in the proposal pane)</source>
        <translation>Einen eigenen KB-Satz nach dem ausgewählten Eintrag schreiben (n im Vorschlagsbereich)</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowauthoring.cpp" line="+16"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Re-judged %1</source>
        <translation>Neu beurteilt: %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The KB is still loading; write once it is loaded.</source>
        <translation>Die KB wird noch geladen; schreiben Sie, sobald sie geladen ist.</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../widgets/window/mainwindowreview.cpp" line="-105"/>
        <source>Choose a target first: its name in --context or fanva.json&apos;s &quot;context&quot;.</source>
        <translation>Wählen Sie zuerst ein Ziel: seinen Namen in --context oder im „context“ von fanva.json.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Wait for the formalization to finish, or cancel it, to add a statement.</source>
        <translation>Warten Sie, bis die Formalisierung endet, oder brechen Sie sie ab, um eine Aussage hinzuzufügen.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The review cannot take %1.</source>
        <translation>Das Review kann %1 nicht aufnehmen.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Added %1 to the review, accepted, for %2: Apply writes it.</source>
        <translation>%1 wurde dem Review für %2 hinzugefügt und angenommen: Anwenden schreibt es.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Added %1 to the review for %2; see its problems before Apply.</source>
        <translation>%1 wurde dem Review für %2 hinzugefügt; sehen Sie sich vor dem Anwenden seine Probleme an.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Wait for the formalization to finish, or cancel it, to write a sentence.</source>
        <translation>Warten Sie, bis die Formalisierung beendet ist, oder brechen Sie sie ab, um einen Satz zu schreiben.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>New sentence: Enter commits, Shift+Enter starts a new line, Esc cancels.</source>
        <translation>Neuer Satz: Eingabe übernimmt, Umschalt+Eingabe beginnt eine neue Zeile, Esc bricht ab.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Select an edited or author entry to re-judge.</source>
        <translation>Wählen Sie einen bearbeiteten oder selbst geschriebenen Eintrag zum Neubeurteilen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot re-judge %1.</source>
        <translation>%1 kann nicht neu beurteilt werden.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Re-judging %1 with %2…</source>
        <translation>%1 wird mit %2 neu beurteilt…</translation>
    </message>
    <message>
        <source>Asking %1 for the model&apos;s context length…</source>
        <translation type="vanished">Frage %1 nach der Kontextlänge des Modells …</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindow.cpp" line="-73"/>
        <source>The review files its sentences in %1; open another workspace or session to change it</source>
        <translation>Die Prüfung legt ihre Sätze in %1 ab; öffnen Sie einen anderen Arbeitsbereich oder eine andere Sitzung, um ihn zu ändern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The context the formalized sentences are filed in</source>
        <translation>Der Kontext, in dem die formalisierten Sätze abgelegt werden</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowdocument.cpp" line="+19"/>
        <source>&amp;New Document</source>
        <translation>&amp;Neues Dokument</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start an English document from an empty page; Formalize asks for its name</source>
        <translation>Ein englisches Dokument auf einer leeren Seite beginnen; Formalisieren fragt nach seinem Namen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Wait for the formalization to finish, or cancel it, before starting a new document.</source>
        <translation>Warten Sie, bis die Formalisierung fertig ist, oder brechen Sie sie ab, bevor Sie ein neues Dokument beginnen.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>New document</source>
        <translation>Neues Dokument</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved under a name you choose when you formalize it</source>
        <translation>Wird beim Formalisieren unter einem Namen Ihrer Wahl gespeichert</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Write the English to formalize; Formalize asks where to save it.</source>
        <translation>Schreiben Sie den englischen Text; Formalisieren fragt, wo er gespeichert wird.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Write some English to formalize first.</source>
        <translation>Schreiben Sie zuerst etwas Englisch zum Formalisieren.</translation>
    </message>
    <message>
        <source>document.md</source>
        <translation type="vanished">dokument.md</translation>
    </message>
    <message>
        <source>Save the New Document</source>
        <translation type="vanished">Das neue Dokument speichern</translation>
    </message>
    <message>
        <source>English documents (*.md *.txt);;All files (*)</source>
        <translation type="vanished">Englische Dokumente (*.md *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindow.cpp" line="-71"/>
        <source>%1 is a new context that sees %2: Apply creates %1.txt in the KB folder.</source>
        <translation>%1 ist ein neuer Kontext, der %2 sieht: Anwenden legt %1.txt im KB-Ordner an.</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowcontext.cpp" line="-35"/>
        <source>New Con&amp;text…</source>
        <translation>Neuer Kon&amp;text…</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindow.cpp" line="+64"/>
        <location filename="../widgets/window/mainwindowcontext.cpp" line="+2"/>
        <source>Name a new target context and the contexts it sees; Apply creates its file</source>
        <translation>Einen neuen Zielkontext und die Kontexte, die er sieht, benennen; Anwenden legt seine Datei an</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowcontext.cpp" line="+9"/>
        <location line="+22"/>
        <source>The review files its sentences in %1; open another workspace or session to change the target.</source>
        <translation>Das Review legt seine Sätze in %1 ab; öffnen Sie einen anderen Arbeitsbereich oder eine andere Sitzung, um das Ziel zu ändern.</translation>
    </message>
    <message>
        <source>Check at least one context it sees.</source>
        <translation type="vanished">Haken Sie mindestens einen Kontext an, den er sieht.</translation>
    </message>
    <message>
        <source>The KB has no context %1 for %2 to see.</source>
        <translation type="vanished">Die KB hat keinen Kontext %1, den %2 sehen könnte.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>New context %1, seeing %2: Apply creates %1.txt.</source>
        <translation>Neuer Kontext %1, sieht %2: Anwenden legt %1.txt an.</translation>
    </message>
    <message>
        <location filename="../widgets/window/mainwindowrewrite.cpp" line="+28"/>
        <source>Rewrite finished: %1 — review %2.</source>
        <translation>Umschreiben beendet: %1 — prüfen Sie %2.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rewrite finished: the model changed nothing.</source>
        <translation>Umschreiben beendet: Das Modell hat nichts geändert.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The rewrite ended without a change: %1 — see the attempt log.</source>
        <translation>Das Umschreiben endete ohne Änderung: %1 — siehe das Versuchsprotokoll.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Wait for the formalization to finish, or cancel it, to rewrite.</source>
        <translation>Warten Sie, bis die Formalisierung beendet ist, oder brechen Sie sie ab, um umzuschreiben.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Select sentences of the target file to rewrite (ones no entry changes yet).</source>
        <translation>Wählen Sie Sätze der Zieldatei zum Umschreiben aus (solche, die noch kein Eintrag ändert).</translation>
    </message>
    <message numerus="yes">
        <location line="+39"/>
        <source>Rewriting %n sentence(s) with %1…</source>
        <translation>
            <numerusform>%n Satz wird mit %1 umgeschrieben…</numerusform>
            <numerusform>%n Sätze werden mit %1 umgeschrieben…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ModelAccess</name>
    <message>
        <location filename="../widgets/window/modelaccess.cpp" line="+54"/>
        <source>Reading the API key from the OS keyring…</source>
        <translation>Der API-Schlüssel wird aus dem Schlüsselbund des Systems gelesen…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Asking %1 for the model&apos;s context length…</source>
        <translation>Frage %1 nach der Kontextlänge des Modells …</translation>
    </message>
</context>
<context>
    <name>ModelKnobsBox</name>
    <message>
        <location filename="../widgets/settings/modelknobsbox.cpp" line="+15"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> tokens</source>
        <translation> Token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no limit</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The largest context a session may use: caps the context length the model reports (and the memory Ollama reserves for it)</source>
        <translation>Der größte Kontext, den eine Sitzung nutzen darf: begrenzt die vom Modell gemeldete Kontextlänge (und den Speicher, den Ollama dafür reserviert)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Let Anthropic models &amp;think before answering</source>
        <translation>Anthropic-Modelle vor der Antwort &amp;nachdenken lassen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The model&apos;s default</source>
        <translation>Vorgabe des Modells</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Low</source>
        <translation>Niedrig</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Medium</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>High</source>
        <translation>Hoch</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How much effort an Anthropic model spends on each answer</source>
        <translation>Wie viel Aufwand ein Anthropic-Modell für jede Antwort treibt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Context &amp;limit:</source>
        <translation>Kontext&amp;grenze:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Effort:</source>
        <translation>&amp;Aufwand:</translation>
    </message>
</context>
<context>
    <name>NewContextDialog</name>
    <message>
        <location filename="../widgets/window/newcontextdialog.cpp" line="+45"/>
        <source>New Context</source>
        <translation>Neuer Kontext</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>e.g. CxBirds</source>
        <translation>z. B. CxBirds</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name of the new context</source>
        <translation>Name des neuen Kontexts</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Contexts the new context sees</source>
        <translation>Kontexte, die der neue Kontext sieht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Its sentences may use what these contexts say (genlCx); Space checks one</source>
        <translation>Seine Sätze dürfen verwenden, was diese Kontexte sagen (genlCx); die Leertaste hakt einen an</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>&amp;Create</source>
        <translation>&amp;Anlegen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Sees:</source>
        <translation>&amp;Sieht:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A new context for the formalized sentences. Apply creates its file in the KB folder.</source>
        <translation>Ein neuer Kontext für die formalisierten Sätze. Anwenden legt seine Datei im KB-Ordner an.</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Name the context, e.g. CxBirds.</source>
        <translation>Benennen Sie den Kontext, z. B. CxBirds.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 is not a context name: write Cx followed by CapitalCamelCase, e.g. %2.</source>
        <translation>%1 ist kein Kontextname: Schreiben Sie Cx, gefolgt von CapitalCamelCase, z. B. %2.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The KB already has the context %1; choose it in the context list instead.</source>
        <translation>Die KB hat den Kontext %1 bereits; wählen Sie ihn stattdessen in der Kontextliste.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Check at least one context it sees.</source>
        <translation>Haken Sie mindestens einen Kontext an, den er sieht.</translation>
    </message>
</context>
<context>
    <name>ProposalGutter</name>
    <message>
        <location filename="../widgets/review/proposalview.cpp" line="+47"/>
        <source>Proposal line numbers and review marks</source>
        <translation>Zeilennummern und Prüfmarken des Vorschlags</translation>
    </message>
</context>
<context>
    <name>ProviderSettingsDialog</name>
    <message>
        <location filename="../widgets/settings/providersettingsdialog.cpp" line="+68"/>
        <source>Provider Settings</source>
        <translation>Anbietereinstellungen</translation>
    </message>
    <message>
        <source>Demo (offline replay)</source>
        <translation type="vanished">Demo (Offline-Wiedergabe)</translation>
    </message>
    <message>
        <source>Ollama</source>
        <translation type="vanished">Ollama</translation>
    </message>
    <message>
        <source>Anthropic</source>
        <translation type="vanished">Anthropic</translation>
    </message>
    <message>
        <source>OpenAI-compatible server</source>
        <translation type="vanished">OpenAI-kompatibler Server</translation>
    </message>
    <message>
        <source>Scripted (replays a script file)</source>
        <translation type="vanished">Skript (spielt eine Skriptdatei ab)</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Leave empty for the default shown in grey</source>
        <translation>Leer lassen für den grau angezeigten Standardwert</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Type a model name or choose one the server lists</source>
        <translation>Geben Sie einen Modellnamen ein oder wählen Sie einen, den der Server auflistet</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Choose a Script</source>
        <translation>Skript auswählen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fanva scripts (*.json)</source>
        <translation>Fanva-Skripte (*.json)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Store the key in the OS keyring</source>
        <translation>Schlüssel im &amp;Schlüsselbund des Systems speichern</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Test Connection</source>
        <translation>Verbindung &amp;testen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Testing the connection</source>
        <translation>Verbindung wird getestet</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Connection test result</source>
        <translation>Ergebnis des Verbindungstests</translation>
    </message>
    <message>
        <location line="-71"/>
        <source>Model provider</source>
        <translation>Modellanbieter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Provider:</source>
        <translation>&amp;Anbieter:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Base &amp;URL:</source>
        <translation>Basis-&amp;URL:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scr&amp;ipt:</source>
        <translation>Skr&amp;ipt:</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>API key:</source>
        <translation>API-Schlüssel:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New key:</source>
        <translation>&amp;Neuer Schlüssel:</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Calls to the model per document, repairs included</source>
        <translation>Aufrufe des Modells pro Dokument, Reparaturen eingeschlossen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Let the model &amp;judge each entry against its sentence</source>
        <translation>Jeden Eintrag vom Modell anhand seines Satzes &amp;beurteilen lassen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> tokens</source>
        <translation> Token</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The prompt budget of a session when the model does not report its own</source>
        <translation>Das Prompt-Budget einer Sitzung, wenn das Modell kein eigenes meldet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Formalization</source>
        <translation>Formalisierung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Max &amp;attempts:</source>
        <translation>&amp;Höchstzahl an Versuchen:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Judge &amp;retries:</source>
        <translation>&amp;Wiederholungen der Begutachtung:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conte&amp;xt window:</source>
        <translation>Konte&amp;xtfenster:</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+2"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How long the model may stay silent, for example while it loads</source>
        <translation>Wie lange das Modell schweigen darf, zum Beispiel während es geladen wird</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no limit</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Limits</source>
        <translation>Grenzen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Connect:</source>
        <translation>&amp;Verbindungsaufbau:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Idle:</source>
        <translation>&amp;Leerlauf:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Whole call:</source>
        <translation>&amp;Gesamter Aufruf:</translation>
    </message>
    <message>
        <location line="-7"/>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The most text one answer may bring; a longer answer stops the call</source>
        <translation>Wie viel Text eine Antwort höchstens bringen darf; eine längere Antwort beendet den Aufruf</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Largest repl&amp;y:</source>
        <translation>Größte Antw&amp;ort:</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>Required, with /v1 (for example http://127.0.0.1:8080/v1)</source>
        <translation>Erforderlich, mit /v1 (zum Beispiel http://127.0.0.1:8080/v1)</translation>
    </message>
    <message>
        <source>Required (for example claude-sonnet-4-5)</source>
        <translation type="vanished">Erforderlich (zum Beispiel claude-sonnet-4-5)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Required</source>
        <translation>Erforderlich</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Required (for example %1)</source>
        <translation>Erforderlich (zum Beispiel %1)</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>The environment sets %1; it takes precedence over the fields below.</source>
        <translation>Die Umgebung setzt %1; das hat Vorrang vor den Feldern unten.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Paste a key to use it</source>
        <translation>Fügen Sie einen Schlüssel ein, um ihn zu verwenden</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>From %1 (environment); it takes precedence over a key typed or stored here.</source>
        <translation>Aus %1 (Umgebung); er hat Vorrang vor einem hier eingegebenen oder gespeicherten Schlüssel.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Set by %1</source>
        <translation>Gesetzt durch %1</translation>
    </message>
    <message>
        <source>None. A local Ollama needs none; for a remote server set OLLAMA_API_KEY in the environment.</source>
        <translation type="vanished">Keiner. Ein lokales Ollama braucht keinen; für einen entfernten Server setzen Sie OLLAMA_API_KEY in der Umgebung.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source> A key typed earlier is used until Fanva quits.</source>
        <translation> Ein zuvor eingegebener Schlüssel wird verwendet, bis Fanva beendet wird.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This build cannot use the OS keyring: a key typed here is kept in memory until Fanva quits.</source>
        <translation>Dieser Build kann den Schlüsselbund des Systems nicht verwenden: Ein hier eingegebener Schlüssel wird im Speicher gehalten, bis Fanva beendet wird.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This build has no keyring support</source>
        <translation>Dieser Build unterstützt keinen Schlüsselbund</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Looking in the OS keyring…</source>
        <translation>Suche im Schlüsselbund des Systems…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stored in the OS keyring (account %1).</source>
        <translation>Im Schlüsselbund des Systems gespeichert (Konto %1).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No OS keyring is available (%1): a key typed here is kept in memory until Fanva quits.</source>
        <translation>Kein Schlüsselbund des Systems verfügbar (%1): Ein hier eingegebener Schlüssel wird im Speicher gehalten, bis Fanva beendet wird.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>None stored (keyring account %1): set %2, or type a key below.</source>
        <translation>Keiner gespeichert (Schlüsselbund-Konto %1): Setzen Sie %2 oder geben Sie unten einen Schlüssel ein.</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Asking %1…</source>
        <translation>Anfrage an %1…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Is &quot;ollama serve&quot; running, and is the base URL right?</source>
        <translation>Läuft „ollama serve“, und stimmt die Basis-URL?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that the server is running and that the base URL is right (it includes /v1).</source>
        <translation>Prüfen Sie, ob der Server läuft und die Basis-URL stimmt (sie enthält /v1).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;Failed:&lt;/b&gt; %1 %2</source>
        <translation>&lt;b&gt;Fehlgeschlagen:&lt;/b&gt; %1 %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The demo replay is ready; it answers only for the bundled demo document.</source>
        <translation>Die Demo-Wiedergabe ist bereit; sie antwortet nur für das mitgelieferte Demodokument.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The script is ready.</source>
        <translation>Das Skript ist bereit.</translation>
    </message>
    <message>
        <source>An API key is present; Anthropic checks it on the first request.</source>
        <translation type="vanished">Ein API-Schlüssel ist vorhanden; Anthropic prüft ihn bei der ersten Anfrage.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> (version %1)</source>
        <translation> (Version %1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%L1 s</source>
        <translation>%L1 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connected to %1%2 in %3.</source>
        <translation>Mit %1%2 in %3 verbunden.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Models on the server: %1.</source>
        <translation>Modelle auf dem Server: %1.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a model from the list.</source>
        <translation>Wählen Sie ein Modell aus der Liste.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It does not list the model &quot;%1&quot;: choose one from the list.</source>
        <translation>Der Server führt das Modell „%1“ nicht: Wählen Sie eines aus der Liste.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&quot;%1&quot; is available; its context holds %L2 tokens.</source>
        <translation>„%1“ ist verfügbar; sein Kontext fasst %L2 Token.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&quot;%1&quot; is available.</source>
        <translation>„%1“ ist verfügbar.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;OK:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;OK:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Storing the key in the OS keyring…</source>
        <translation>Der Schlüssel wird im Schlüsselbund des Systems gespeichert…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The key could not be stored in the keyring (%1). Save again to keep it in memory until Fanva quits.</source>
        <translation>Der Schlüssel konnte nicht im Schlüsselbund gespeichert werden (%1). Speichern Sie erneut, um ihn bis zum Beenden von Fanva im Speicher zu halten.</translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <location line="-138"/>
        <source>None. A local %1 needs none; for a remote server set %2 in the environment.</source>
        <translation>Keiner. Ein lokales %1 braucht keinen; für einen entfernten Server setzen Sie %2 in der Umgebung.</translation>
    </message>
    <message>
        <location line="+115"/>
        <source>%1 needs no server; it is ready.</source>
        <translation>%1 braucht keinen Server; es ist bereit.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>An API key is present; %1 checks it on the first request.</source>
        <translation>Ein API-Schlüssel ist vorhanden; %1 prüft ihn bei der ersten Anfrage.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Commit Applies to &amp;git</source>
        <translation>Anwendungen in git &amp;committen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>When the KB file lies in a git work tree, Apply commits the file alone and Undo Apply reverts that commit.</source>
        <translation>Liegt die KB-Datei in einem git-Arbeitsbaum, committet Anwenden nur diese Datei, und „Anwenden rückgängig machen“ nimmt diesen Commit zurück.</translation>
    </message>
</context>
<context>
    <name>RecoveryDialog</name>
    <message>
        <location filename="../widgets/review/recoverydialog.cpp" line="+28"/>
        <source>Recover Reviews</source>
        <translation>Prüfungen wiederherstellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fanva did not close cleanly. These reviews were saved automatically and can be recovered with their decisions:</source>
        <translation>Fanva wurde nicht ordnungsgemäß beendet. Diese Prüfungen wurden automatisch gespeichert und lassen sich mit ihren Entscheidungen wiederherstellen:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Recoverable reviews</source>
        <translation>Wiederherstellbare Prüfungen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Saved</source>
        <translation>Gespeichert</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Document</source>
        <translation>Dokument</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Entries</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (%2 decided)</source>
        <translation>%1 (%2 entschieden)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, interrupted while running</source>
        <translation>, während des Laufs unterbrochen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Recover</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Discard</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Later</source>
        <translation>&amp;Später</translation>
    </message>
</context>
<context>
    <name>Rejudger</name>
    <message>
        <location filename="../widgets/review/rejudger.cpp" line="+58"/>
        <source>Wait for the running re-judge to finish.</source>
        <translation>Warten Sie, bis die laufende Neubeurteilung endet.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The provider %1 names no model for the judge: choose one in Settings ▸ Provider.</source>
        <translation>Der Anbieter %1 nennt kein Modell für den Gutachter: Wählen Sie eines unter Einstellungen ▸ Anbieter.</translation>
    </message>
    <message>
        <location line="+30"/>
        <location line="+31"/>
        <source>Re-judge %1</source>
        <translation>%1 neu beurteilen</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Cannot use the provider %1: %2</source>
        <translation>Der Anbieter %1 kann nicht verwendet werden: %2</translation>
    </message>
</context>
<context>
    <name>ReviewController</name>
    <message>
        <location filename="../widgets/review/reviewcontroller.cpp" line="+195"/>
        <source>A formalization is already running.</source>
        <translation>Es läuft bereits eine Formalisierung.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../widgets/review/kbedits.cpp" line="+144"/>
        <location filename="../widgets/review/reviewcontroller.cpp" line="+13"/>
        <source>Cannot use the provider %1: %2</source>
        <translation>Der Anbieter %1 kann nicht verwendet werden: %2</translation>
    </message>
    <message>
        <location filename="../widgets/review/reviewcontroller.cpp" line="+187"/>
        <source>Accept %1</source>
        <translation>%1 annehmen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Reject %1</source>
        <translation>%1 ablehnen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Undecide %1</source>
        <translation>%1 als offen markieren</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Force %1</source>
        <translation>Annahme von %1 erzwingen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Select shape %2 of %1</source>
        <translation>Form %2 für %1 wählen</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Edit %1</source>
        <translation>%1 bearbeiten</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>There is no proposal to save.</source>
        <translation>Es gibt keinen Vorschlag zum Speichern.</translation>
    </message>
    <message>
        <location filename="../widgets/review/authoring.cpp" line="+38"/>
        <location filename="../widgets/review/reviewcontroller.cpp" line="-32"/>
        <location line="+46"/>
        <location line="+90"/>
        <source>A formalization is running.</source>
        <translation>Eine Formalisierung läuft.</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../widgets/review/reviewcontroller.cpp" line="-442"/>
        <location line="+308"/>
        <location line="+46"/>
        <location line="+19"/>
        <location line="+71"/>
        <source>The review is still loading a KB; wait for it to finish.</source>
        <translation>Das Review lädt noch eine KB; warten Sie, bis sie fertig ist.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The KB is not loaded.</source>
        <translation>Die KB ist nicht geladen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a target context first (--context or fanva.json).</source>
        <translation>Wählen Sie zuerst einen Zielkontext (--context oder fanva.json).</translation>
    </message>
    <message>
        <location line="+97"/>
        <source>sentence %1: %2</source>
        <translation>Satz %1: %2</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>New sentence %1</source>
        <translation>Neuer Satz %1</translation>
    </message>
    <message>
        <location filename="../widgets/review/kbedits.cpp" line="-56"/>
        <source>Retract line %1</source>
        <translation>Zeile %1 zurückziehen</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Replace line %1</source>
        <translation>Zeile %1 ersetzen</translation>
    </message>
    <message>
        <location filename="../widgets/review/authoring.cpp" line="+18"/>
        <source>There is no proposal to re-judge.</source>
        <translation>Es gibt keinen Vorschlag, der neu beurteilt werden könnte.</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../widgets/review/kbedits.cpp" line="+10"/>
        <source>Wait for the running formalization or re-judge to finish.</source>
        <translation>Warten Sie, bis die laufende Formalisierung oder Neubeurteilung beendet ist.</translation>
    </message>
    <message>
        <source>The provider %1 names no model for the judge: choose one in Settings ▸ Provider.</source>
        <translation type="vanished">Der Anbieter %1 nennt kein Modell für den Gutachter: Wählen Sie eines unter Einstellungen ▸ Anbieter.</translation>
    </message>
    <message>
        <source>Re-judge %1</source>
        <translation type="vanished">%1 neu beurteilen</translation>
    </message>
    <message>
        <location filename="../widgets/review/kbedits.cpp" line="-50"/>
        <source>%1 has no check of what a retraction takes away: if kept statements still use it, Apply&apos;s reload fails and Undo Apply restores the file.</source>
        <translation>%1 prüft nicht, was ein Zurückziehen wegnimmt: Wenn behaltene Aussagen es noch verwenden, schlägt das Neuladen beim Anwenden fehl, und „Anwenden rückgängig machen“ stellt die Datei wieder her.</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>There is no target file to rewrite.</source>
        <translation>Es gibt keine Zieldatei zum Umschreiben.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 changed on disk since the proposal was made: Re-diff first.</source>
        <translation>%1 wurde seit dem Vorschlag auf der Festplatte geändert: zuerst neu vergleichen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No sentence of %1 that no entry changes yet starts on the selected lines.</source>
        <translation>Auf den ausgewählten Zeilen beginnt kein Satz von %1, den nicht schon ein Eintrag ändert.</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Rewrite %1</source>
        <translation>%1 umschreiben</translation>
    </message>
    <message>
        <location filename="../widgets/review/applying.cpp" line="+60"/>
        <source>Applying to %1…</source>
        <translation>%1 wird angewendet …</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Undoing the last Apply to %1…</source>
        <translation>Das letzte Anwenden auf %1 wird rückgängig gemacht …</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Settling the Applies an earlier Fanva left unfinished…</source>
        <translation>Anwendungen, die ein früheres Fanva unvollendet ließ, werden abgeschlossen …</translation>
    </message>
</context>
<context>
    <name>ReviewKb</name>
    <message>
        <location filename="../widgets/review/reviewkb.cpp" line="+42"/>
        <source>This Fanva has no KB language &quot;%1&quot;; it reads %2.</source>
        <translation>Dieses Fanva kennt keine KB-Sprache „%1“; es liest %2.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The knowledge base in %1 does not load:
%2</source>
        <translation>Die Wissensbasis in %1 lässt sich nicht laden:
%2</translation>
    </message>
</context>
<context>
    <name>ReviewPresenter</name>
    <message>
        <location filename="../widgets/review/reviewpresenter.cpp" line="+75"/>
        <source>&amp;Next Entry</source>
        <translation>&amp;Nächster Eintrag</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Previous Entry</source>
        <translation>&amp;Vorheriger Eintrag</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Accept</source>
        <translation>&amp;Annehmen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Reject</source>
        <translation>Ab&amp;lehnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undecided</source>
        <translation>Als &amp;offen markieren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Force Accept…</source>
        <translation>Annahme &amp;erzwingen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Edit Entry</source>
        <translation>Eintrag &amp;bearbeiten</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Retract Sentence</source>
        <translation>Satz zu&amp;rückziehen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Select Shape &amp;%1</source>
        <translation>Form &amp;%1 wählen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show &amp;Exactly What Apply Writes</source>
        <translation>&amp;Genau das zeigen, was Anwenden schreibt</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Accept %1 although the gates refuse it?

%2

Apply will write it as forced.</source>
        <translation>Eintrag %1 annehmen, obwohl die Prüfstufen ihn abweisen?

%2

Anwenden schreibt ihn als erzwungen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Force Accept</source>
        <translation>Annahme erzwingen</translation>
    </message>
    <message>
        <location line="+149"/>
        <source> — sentence [%1] only</source>
        <translation> — nur Satz [%1]</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 no entry from sentence [%2]</source>
        <translation>%1 kein Eintrag aus Satz [%2]</translation>
    </message>
    <message>
        <source>;; no entry from sentence [%1]</source>
        <translation type="vanished">;; kein Eintrag aus Satz [%1]</translation>
    </message>
    <message>
        <location filename="../widgets/review/authoring.cpp" line="+8"/>
        <source>&amp;New Sentence</source>
        <translation>&amp;Neuer Satz</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Re-&amp;judge</source>
        <translation>Neu &amp;beurteilen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Send the selected edited or author entry to the judge alone</source>
        <translation>Den ausgewählten bearbeiteten oder selbst geschriebenen Eintrag allein dem Gutachter vorlegen</translation>
    </message>
    <message>
        <location filename="../widgets/review/reviewpresenter.cpp" line="-251"/>
        <source>Re&amp;write…</source>
        <translation>Ums&amp;chreiben…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask the model to rewrite the selected sentences of the target file as you say</source>
        <translation>Das Modell die ausgewählten Sätze der Zieldatei nach Ihrer Anweisung umschreiben lassen</translation>
    </message>
</context>
<context>
    <name>RewriteDialog</name>
    <message>
        <location filename="../widgets/review/rewritedialog.cpp" line="+17"/>
        <source>Rewrite</source>
        <translation>Umschreiben</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Rewrite %n sentence(s) of the target file:</source>
        <translation>
            <numerusform>%n Satz der Zieldatei umschreiben:</numerusform>
            <numerusform>%n Sätze der Zieldatei umschreiben:</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;What should change? (Enter rewrites, Shift+Enter starts a new line)</source>
        <translation>&amp;Was soll sich ändern? (Eingabe schreibt um, Umschalt+Eingabe beginnt eine neue Zeile)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>e.g. split this rule; use livesIn instead of lives_in</source>
        <translation>z. B. diese Regel aufteilen; livesIn statt lives_in verwenden</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Rewrite</source>
        <translation>&amp;Umschreiben</translation>
    </message>
</context>
<context>
    <name>SourceGutter</name>
    <message>
        <location filename="../widgets/review/sourceview.cpp" line="+112"/>
        <source>Sentence numbers and coverage</source>
        <translation>Satznummern und Abdeckung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click a sentence number to show only its entries in the proposal</source>
        <translation>Klicken Sie auf eine Satznummer, um im Vorschlag nur die Einträge dieses Satzes zu zeigen</translation>
    </message>
</context>
<context>
    <name>SourceView</name>
    <message>
        <location line="+106"/>
        <source>Show Only This Sentence&apos;s &amp;Entries</source>
        <translation>Nur Einträge dieses &amp;Satzes zeigen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ctrl+Shift+L</source>
        <translation>Ctrl+Shift+L</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show only the entries of the sentence at the cursor in the proposal</source>
        <translation>Im Vorschlag nur die Einträge des Satzes am Cursor zeigen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Show &amp;All Entries</source>
        <translation>Alle Einträge &amp;zeigen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Show the entries of every sentence in the proposal</source>
        <translation>Im Vorschlag die Einträge aller Sätze zeigen</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>[%1] heading (not counted in coverage)</source>
        <translation>[%1] Überschrift (zählt nicht zur Abdeckung)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>[%1] (the text changed since the formalization)</source>
        <translation>[%1] (der Text hat sich seit der Formalisierung geändert)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>[%1] covered: at least one admissible or known entry</source>
        <translation>[%1] abgedeckt: mindestens ein zulässiger oder bekannter Eintrag</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>[%1] refused only: the model proposed candidates, but the gates refused every one</source>
        <translation>[%1] nur abgewiesen: Das Modell hat Kandidaten vorgeschlagen, aber die Prüfstufen haben jeden abgewiesen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>[%1] untranslated — the model&apos;s reason: %2</source>
        <translation>[%1] nicht übersetzt — Begründung des Modells: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>[%1] silent: no candidate, no reason</source>
        <translation>[%1] stumm: kein Kandidat, keine Begründung</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>Click to show only the first sentence&apos;s entries; click again for the next.</source>
        <translation>Klicken, um nur die Einträge des ersten Satzes zu zeigen; erneut klicken für den nächsten.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Click to show the entries of every sentence again.</source>
        <translation>Klicken, um wieder die Einträge aller Sätze zu zeigen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Click to show only this sentence&apos;s entries in the proposal.</source>
        <translation>Klicken, um im Vorschlag nur die Einträge dieses Satzes zu zeigen.</translation>
    </message>
</context>
<context>
    <name>StatementBrowser</name>
    <message>
        <source>File</source>
        <translation type="vanished">Datei</translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="vanished">Ziel</translation>
    </message>
    <message>
        <source>Statements</source>
        <translation type="vanished">Aussagen</translation>
    </message>
    <message>
        <source>KB files</source>
        <translation type="vanished">KB-Dateien</translation>
    </message>
    <message>
        <source>Statements of the file</source>
        <translation type="vanished">Aussagen der Datei</translation>
    </message>
    <message>
        <source>One statement a line; Return or a double click edits it with the language&apos;s gates</source>
        <translation type="vanished">Eine Aussage je Zeile; Eingabe oder ein Doppelklick bearbeitet sie mit den Prüfungen der Sprache</translation>
    </message>
    <message>
        <source>Edit a statement</source>
        <translation type="vanished">Eine Aussage bearbeiten</translation>
    </message>
    <message numerus="yes">
        <source>A %1 KB of %n statements, listed by file. Browsing by term is for fanva-kb KBs only.</source>
        <translation type="vanished">
            <numerusform>Eine %1-KB mit %n Aussage, nach Dateien aufgelistet. Nach Begriffen blättern gibt es nur für fanva-kb-KBs.</numerusform>
            <numerusform>Eine %1-KB mit %n Aussagen, nach Dateien aufgelistet. Nach Begriffen blättern gibt es nur für fanva-kb-KBs.</numerusform>
        </translation>
    </message>
    <message>
        <source>—</source>
        <translation type="vanished">—</translation>
    </message>
    <message>
        <location filename="../widgets/kbbrowser/statementbrowser.cpp" line="+227"/>
        <source>New Sentence about %1</source>
        <translation>Neuer Satz über %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write a new statement about %1</source>
        <translation>Eine neue Aussage über %1 schreiben</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 is not known to the KB or its language</source>
        <translation>%1 ist der KB und ihrer Sprache nicht bekannt</translation>
    </message>
</context>
<context>
    <name>Targets</name>
    <message>
        <location filename="../widgets/window/targets.cpp" line="+22"/>
        <source>A %1 KB has no contexts: its targets are its files.</source>
        <translation>Eine %1-KB hat keine Kontexte: Ihre Ziele sind ihre Dateien.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Check at least one context it sees.</source>
        <translation>Haken Sie mindestens einen Kontext an, den er sieht.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The KB has no context %1 for %2 to see.</source>
        <translation>Die KB hat keinen Kontext %1, den %2 sehen könnte.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>document.md</source>
        <translation>dokument.md</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the New Document</source>
        <translation>Das neue Dokument speichern</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>English documents (*.md *.txt);;All files (*)</source>
        <translation>Englische Dokumente (*.md *.txt);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>TermPage</name>
    <message>
        <location filename="../widgets/kbbrowser/termpage.cpp" line="+33"/>
        <location line="+8"/>
        <source>Role:</source>
        <translation>Rolle:</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>not known to the KB or its language</source>
        <translation>der KB und ihrer Sprache nicht bekannt</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Did you mean:</source>
        <translation>Meinten Sie:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, used in the KB</source>
        <translation>%1, in der KB verwendet</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1, not used in the KB</source>
        <translation>%1, in der KB nicht verwendet</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Places:</source>
        <translation>Stellen:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reads:</source>
        <translation>Liest sich:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Gloss:</source>
        <translation>Glosse:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Converse of:</source>
        <translation>Umkehrung von:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Defined in:</source>
        <translation>Definiert in:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>… %1 more</source>
        <translation>… %1 weitere</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Used by %1 statement(s):</source>
        <translation>Verwendet von %1 Aussage(n):</translation>
    </message>
</context>
<context>
    <name>WorkspaceLoader</name>
    <message>
        <location filename="../widgets/window/workspace.cpp" line="-144"/>
        <source>The %1 KB folder %2 holds no KB files.</source>
        <translation>Der %1-KB-Ordner %2 enthält keine KB-Dateien.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The %1 KB has no file for the target %2 in %3.</source>
        <translation>Die %1-KB hat in %3 keine Datei für das Ziel %2.</translation>
    </message>
    <message>
        <source>%1 is a %2 workspace: the window opens fanva-kb workspaces only so far; use fanva-cli --language %2 (parse, fmt, check, gloss, kb stats) for it.</source>
        <translation type="vanished">%1 ist ein %2-Arbeitsbereich: Das Fenster öffnet bisher nur fanva-kb-Arbeitsbereiche; verwenden Sie dafür fanva-cli --language %2 (parse, fmt, check, gloss, kb stats).</translation>
    </message>
    <message>
        <location line="-124"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is too large to show (%2 bytes).</source>
        <translation>%1 ist zu groß zum Anzeigen (%2 Bytes).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is not valid UTF-8 text.</source>
        <translation>%1 ist kein gültiger UTF-8-Text.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 is not valid JSON (%2); its settings are ignored.</source>
        <translation>%1 ist kein gültiges JSON (%2); seine Einstellungen werden ignoriert.</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>The workspace folder %1 does not exist.</source>
        <translation>Der Arbeitsbereichsordner %1 existiert nicht.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is not a folder; a workspace is a folder with a kb/ folder and documents.</source>
        <translation>%1 ist kein Ordner; ein Arbeitsbereich ist ein Ordner mit einem kb/-Ordner und Dokumenten.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The workspace folder %1 cannot be read.</source>
        <translation>Der Arbeitsbereichsordner %1 kann nicht gelesen werden.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The KB folder %1 holds no context files (Cx*.txt).</source>
        <translation>Der KB-Ordner %1 enthält keine Kontextdateien (Cx*.txt).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The workspace %1 has no kb folder.</source>
        <translation>Der Arbeitsbereich %1 hat keinen kb-Ordner.</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (%2 at byte %3); its settings are ignored.</source>
        <translation type="vanished">%1 ist kein gültiges JSON (%2 bei Byte %3); seine Einstellungen werden ignoriert.</translation>
    </message>
    <message>
        <location line="-90"/>
        <source>%1 must hold a JSON object; its settings are ignored.</source>
        <translation>%1 muss ein JSON-Objekt enthalten; seine Einstellungen werden ignoriert.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The &quot;%1&quot; field of %2 must be a string; it is ignored.</source>
        <translation>Das Feld „%1“ in %2 muss eine Zeichenkette sein; es wird ignoriert.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 names the document %2, which does not exist.</source>
        <translation>%1 nennt das Dokument %2, das nicht existiert.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 names the context %2, which is not a context name (Cx followed by CapitalCamelCase).</source>
        <translation>%1 nennt den Kontext %2, der kein Kontextname ist (Cx gefolgt von CapitalCamelCase).</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>The KB has no file for the target context %1 (expected %1.txt in %2).</source>
        <translation>Die KB hat keine Datei für den Zielkontext %1 (erwartet: %1.txt in %2).</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/main.cpp" line="+72"/>
        <source>Review knowledge-base text drafted by a language model.</source>
        <translation>Wissensbasis-Text prüfen, den ein Sprachmodell entworfen hat.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Open the workspace in &lt;dir&gt; (kb/, documents, fanva.json).</source>
        <translation>Den Arbeitsbereich in &lt;ordner&gt; öffnen (kb/, Dokumente, fanva.json).</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>dir</source>
        <translation>ordner</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Show the English document &lt;file&gt;.</source>
        <translation>Das englische Dokument &lt;datei&gt; anzeigen.</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>file</source>
        <translation>datei</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>With --screenshot: measure how long input waits from the first paint until the KB and its indexes are loaded, then through a reload of the KB, and write the figures to &lt;file&gt;.</source>
        <translation>Mit --screenshot: messen, wie lange Eingaben vom ersten Zeichnen bis zum Laden der KB und ihrer Indizes warten, dann während eines Neuladens der KB, und die Zahlen in &lt;file&gt; schreiben.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Use the KB in &lt;dir&gt;.</source>
        <translation>Die KB in &lt;ordner&gt; verwenden.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Make &lt;context&gt; the target context.</source>
        <translation>&lt;kontext&gt; zum Zielkontext machen.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>context</source>
        <translation>kontext</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Formalize with the provider &lt;name&gt;.</source>
        <translation>Mit dem Anbieter &lt;name&gt; formalisieren.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>name</source>
        <translation>name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Formalize the document as soon as the window opens.</source>
        <translation>Das Dokument formalisieren, sobald sich das Fenster öffnet.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write a PNG image of the window to &lt;file&gt; and exit.</source>
        <translation>Ein PNG-Bild des Fensters nach &lt;datei&gt; schreiben und beenden.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use the language &lt;code&gt; (for example de) for the interface.</source>
        <translation>Die Sprache &lt;code&gt; (zum Beispiel de) für die Oberfläche verwenden.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>code</source>
        <translation>code</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A review session (.fanva) to open.</source>
        <translation>Eine zu öffnende Prüfsitzung (.fanva).</translation>
    </message>
    <message>
        <location line="+130"/>
        <source>Give at most one session file.</source>
        <translation>Geben Sie höchstens eine Sitzungsdatei an.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+16"/>
        <source>warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Interrupted Apply</source>
        <translation>Unterbrochenes Anwenden</translation>
    </message>
    <message>
        <location line="-109"/>
        <source>cannot write the screenshot %1: %2</source>
        <translation>das Bildschirmfoto %1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
</TS>
