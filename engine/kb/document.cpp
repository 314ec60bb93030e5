// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Documents: reading a KB file from disk within the size cap,
// and reading one candidate sentence.
#include "kb/reader.h"

#include "kb/hugepages_p.h"

#include <QFile>

#include <algorithm>

namespace fanva::kb {

bool Document::hasErrors() const
{
    return std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic &d) { return d.isError(); });
}

Diagnostic fileTooLargeDiagnostic(const QString &path)
{
    Diagnostic diagnostic;
    diagnostic.code = codes::fileTooLarge;
    diagnostic.file = path;
    diagnostic.message = QStringLiteral("file is larger than 64 MiB — split the context's content across smaller contexts");
    return diagnostic;
}

FileText readKbFile(const QString &path)
{
    FileText result;
    QFile file(path);
    const auto unreadable = [&path, &file, &result] {
        Diagnostic diagnostic;
        diagnostic.code = codes::unreadableFile;
        diagnostic.file = path;
        diagnostic.message = QStringLiteral("cannot read the file: %1").arg(file.errorString());
        result.error = diagnostic;
        result.text.clear();
        return result;
    };
    if (!file.open(QIODevice::ReadOnly))
        return unreadable();
    const qint64 expected = file.size();
    if (expected > maxFileSize) {
        result.error = fileTooLargeDiagnostic(path);
        return result;
    }
    // One read into a buffer of the file's size and a byte more, with huge pages asked for
    // before anything writes it (resize() writes the terminating NUL): a 4 KiB page fault per
    // page cost as much as the copy. The buffer is sized so that malloc maps it on a 2 MiB
    // boundary (hugeCapacityBytes; Qt's header is within the 32 bytes kept for it).
    const qint64 wanted = expected + 1;
    QByteArray text;
    text.reserve(std::max(wanted, qint64(detail::hugeCapacityBytes(std::size_t(wanted) + 32)) - 32));
    detail::adviseHugePages(text.data(), std::size_t(text.capacity()));
    text.resize(wanted);
    qint64 got = 0;
    while (got < wanted) {
        const qint64 n = file.read(text.data() + got, wanted - got);
        if (n < 0)
            return unreadable();
        if (n == 0)
            break;
        got += n;
    }
    text.truncate(got);
    // The last huge page's bytes past the file go back (the buffer lives as long as the KB).
    detail::releaseUnusedCapacity(text.constData(), std::size_t(got) + 1, std::size_t(text.capacity()));
    // Read past the cap: a file that grew since it was listed, or a device with no size, is
    // refused all the same.
    if (got == expected + 1)
        text += file.read(maxFileSize + 1 - got);
    result.text = std::move(text);
    if (result.text.size() > maxFileSize) {
        result.text.clear();
        result.error = fileTooLargeDiagnostic(path);
    }
    return result;
}

SentenceParse parseSentence(QByteArrayView text, const QString &file)
{
    Document document = parseDocument(text.toByteArray(), file);
    SentenceParse result;
    result.formCount = int(document.sentences.size());
    const bool errors = document.hasErrors(); // a warning (lone-cr) does not stop the sentence
    result.diagnostics = std::move(document.diagnostics);
    if (errors)
        return result;
    if (document.sentences.size() != 1) {
        Diagnostic diagnostic;
        diagnostic.file = file;
        diagnostic.line = 1;
        diagnostic.column = 1;
        diagnostic.code = codes::notOneSentence;
        if (document.sentences.empty()) {
            diagnostic.message = QStringLiteral("expected one sentence, found none");
        } else {
            const Span second = document.sentences[1].span();
            diagnostic.line = int(second.line);
            diagnostic.column = int(second.column);
            diagnostic.byteOffset = second.begin;
            diagnostic.message = QStringLiteral("expected one sentence, found %1").arg(document.sentences.size());
        }
        result.diagnostics.push_back(std::move(diagnostic));
        return result;
    }
    result.sentence = OwnedTerm { document.arena, document.sentences.front() };
    return result;
}

SentenceParse parseSentence(const QString &text, const QString &file)
{
    const QByteArray utf8 = text.toUtf8();
    return parseSentence(QByteArrayView(utf8), file);
}

} // namespace fanva::kb
