<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="+92"/>
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
        <location line="+3"/>
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
        <location line="+1"/>
        <source>Formalize the document into the target context (not available in this version yet)</source>
        <translation>Das Dokument in den Zielkontext formalisieren (in dieser Version noch nicht verfügbar)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Apply…</source>
        <translation>&amp;Anwenden…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write the accepted entries into the target context file (not available in this version yet)</source>
        <translation>Die angenommenen Einträge in die Datei des Zielkontexts schreiben (in dieser Version noch nicht verfügbar)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;About Fanva</source>
        <translation>Ü&amp;ber Fanva</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Review</source>
        <translation>&amp;Prüfen</translation>
    </message>
    <message>
        <location line="+5"/>
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
        <location line="+4"/>
        <source>Source file</source>
        <translation>Quelldatei</translation>
    </message>
    <message>
        <location line="+4"/>
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
        <location line="+1"/>
        <source>&amp;Proposal</source>
        <translation>Vor&amp;schlag</translation>
    </message>
    <message>
        <location line="+19"/>
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
        <location line="+20"/>
        <source>Opened the workspace %1.</source>
        <translation>Arbeitsbereich %1 geöffnet.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>The KB folder %1 does not exist or is not a folder.</source>
        <translation>Der KB-Ordner %1 existiert nicht oder ist kein Ordner.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The KB folder %1 holds no context files (Cx*.txt).</source>
        <translation>Der KB-Ordner %1 enthält keine Kontextdateien (Cx*.txt).</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>No KB folder is open (File ▸ Open KB Folder…).</source>
        <translation>Es ist kein KB-Ordner geöffnet (Datei ▸ KB-Ordner öffnen…).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No target context is chosen: name one with --context or in fanva.json.</source>
        <translation>Es ist kein Zielkontext gewählt: Nennen Sie einen mit --context oder in fanva.json.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The KB has no file for the target context %1 (expected %1.txt).</source>
        <translation>Die KB hat keine Datei für den Zielkontext %1 (erwartet: %1.txt).</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Provider: none</source>
        <translation>Anbieter: keiner</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Provider: %1</source>
        <translation>Anbieter: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KB: none</source>
        <translation>KB: keine</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>KB: %1 (context files: %2)</source>
        <translation>KB: %1 (Kontextdateien: %2)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Target: none</source>
        <translation>Ziel: keines</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Target: %1</source>
        <translation>Ziel: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+21"/>
        <location line="+2"/>
        <source>Fanva</source>
        <translation>Fanva</translation>
    </message>
    <message>
        <location line="-21"/>
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
</context>
<context>
    <name>ProposalGutter</name>
    <message>
        <location filename="../widgets/proposalview.cpp" line="+44"/>
        <source>Proposal line numbers and review marks</source>
        <translation>Zeilennummern und Prüfmarken des Vorschlags</translation>
    </message>
</context>
<context>
    <name>WorkspaceLoader</name>
    <message>
        <location filename="../widgets/workspace.cpp" line="+48"/>
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
        <location line="+16"/>
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
        <location line="+11"/>
        <source>The KB folder %1 holds no context files (Cx*.txt).</source>
        <translation>Der KB-Ordner %1 enthält keine Kontextdateien (Cx*.txt).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The workspace %1 has no kb folder.</source>
        <translation>Der Arbeitsbereich %1 hat keinen kb-Ordner.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 is not valid JSON (%2 at byte %3); its settings are ignored.</source>
        <translation>%1 ist kein gültiges JSON (%2 bei Byte %3); seine Einstellungen werden ignoriert.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 must hold a JSON object; its settings are ignored.</source>
        <translation>%1 muss ein JSON-Objekt enthalten; seine Einstellungen werden ignoriert.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The &quot;%1&quot; field of %2 must be a string; it is ignored.</source>
        <translation>Das Feld „%1“ in %2 muss eine Zeichenkette sein; es wird ignoriert.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 names the document %2, which does not exist.</source>
        <translation>%1 nennt das Dokument %2, das nicht existiert.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 names the context %2, which is not a context name (Cx followed by CapitalCamelCase).</source>
        <translation>%1 nennt den Kontext %2, der kein Kontextname ist (Cx gefolgt von CapitalCamelCase).</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The KB has no file for the target context %1 (expected %1.txt in %2).</source>
        <translation>Die KB hat keine Datei für den Zielkontext %1 (erwartet: %1.txt in %2).</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/main.cpp" line="+66"/>
        <source>Review knowledge-base text drafted by a language model.</source>
        <translation>Wissensbasis-Text prüfen, den ein Sprachmodell entworfen hat.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open the workspace in &lt;dir&gt; (kb/, documents, fanva.json).</source>
        <translation>Den Arbeitsbereich in &lt;ordner&gt; öffnen (kb/, Dokumente, fanva.json).</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+4"/>
        <source>dir</source>
        <translation>ordner</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Show the English document &lt;file&gt;.</source>
        <translation>Das englische Dokument &lt;datei&gt; anzeigen.</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+10"/>
        <source>file</source>
        <translation>datei</translation>
    </message>
    <message>
        <location line="-8"/>
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
        <location line="+2"/>
        <source>Formalize with the provider &lt;name&gt;.</source>
        <translation>Mit dem Anbieter &lt;name&gt; formalisieren.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>name</source>
        <translation>name</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Formalize the document as soon as the window opens.</source>
        <translation>Das Dokument formalisieren, sobald sich das Fenster öffnet.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write a PNG image of the window to &lt;file&gt; and exit.</source>
        <translation>Ein PNG-Bild des Fensters nach &lt;datei&gt; schreiben und beenden.</translation>
    </message>
    <message>
        <location line="+2"/>
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
        <location line="+12"/>
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
        <source>warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Opening session files is not available in this version yet; %1 was not opened.</source>
        <translation>Das Öffnen von Sitzungsdateien ist in dieser Version noch nicht verfügbar; %1 wurde nicht geöffnet.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Formalization is not available in this version yet; --formalize was not carried out.</source>
        <translation>Die Formalisierung ist in dieser Version noch nicht verfügbar; --formalize wurde nicht ausgeführt.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>cannot write the screenshot %1: %2</source>
        <translation>das Bildschirmfoto %1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
</TS>
