<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>ApplyTexts</name>
    <message numerus="yes">
        <source>Write %n entries to %1?</source>
        <translation>
            <numerusform>Write %n entry to %1?</numerusform>
            <numerusform>Write %n entries to %1?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Applied: wrote %n entries to %1.</source>
        <translation>
            <numerusform>Applied: wrote %n entry to %1.</numerusform>
            <numerusform>Applied: wrote %n entries to %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Re-diffed against the file as it is now; the problems of %n entries changed: %1. Review them and Apply again.</source>
        <translation>
            <numerusform>Re-diffed against the file as it is now; the problems of %n entry changed: %1. Review it and Apply again.</numerusform>
            <numerusform>Re-diffed against the file as it is now; the problems of %n entries changed: %1. Review them and Apply again.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FanvaKbPages</name>
    <message numerus="yes">
        <source> … and %n more</source>
        <translation>
            <numerusform> … and %n more</numerusform>
            <numerusform> … and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sentences (below)</source>
        <translation>
            <numerusform>%n sentence (below)</numerusform>
            <numerusform>%n sentences (below)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>;; … and %n more sentences</source>
        <translation>
            <numerusform>;; … and %n more sentence</numerusform>
            <numerusform>;; … and %n more sentences</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>KbContextModel</name>
    <message numerus="yes">
        <source>%1: %n sentences in %2</source>
        <translation>
            <numerusform>%1: %n sentence in %2</numerusform>
            <numerusform>%1: %n sentences in %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>Loaded the %1 KB: %n statements</source>
        <translation>
            <numerusform>Loaded the %1 KB: %n statement</numerusform>
            <numerusform>Loaded the %1 KB: %n statements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reloaded the %1 KB: %n statements</source>
        <translation>
            <numerusform>Reloaded the %1 KB: %n statement</numerusform>
            <numerusform>Reloaded the %1 KB: %n statements</numerusform>
        </translation>
    </message>
</context>
</TS>
