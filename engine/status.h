// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace fanva {

/// Why an engine operation did not happen: an English sentence for a person (and for a model on a
/// repair turn), ending with a period, and the file and line it concerns where they are known.
/// Diagnostics of a KB's text carry a stable code and live in lang::Diagnostic; this is for
/// everything else that fails (a write, a lock, a malformed session file, a command-line value).
struct Error {
    explicit Error(QString message, QString file = {}, int line = 0)
        : message(std::move(message))
        , file(std::move(file))
        , line(line)
    { }

    QString message;
    QString file; ///< empty when the failure concerns no one file
    int line = 0; ///< 1-based; 0 when unknown
    friend bool operator==(const Error &, const Error &) = default;
};

/// "Done, or why not": the engine's one return for an operation that yields nothing but may fail
/// (style.md §Errors). A default Status is done; one made from an Error is not.
///
///     [[nodiscard]] Status Journal::dismiss(const QString &id);
///
///     Status Journal::dismiss(const QString &id)
///     {
///         if (!isPending(id))
///             return Error { QStringLiteral("No interrupted Apply %1 is waiting in the journal.").arg(id) };
///         return append(...);   // a Status passes on as it is
///     }
///
///     if (const Status s = journal.dismiss(id); !s)
///         qWarning() << s.message();
class [[nodiscard]] Status
{
public:
    Status() = default;
    Status(Error error) // NOLINT(google-explicit-constructor): `return Error { … };` is the idiom
        : m_error(std::move(error))
    { }
    /// A failure with only a message.
    [[nodiscard]] static Status failure(QString message) { return Error { std::move(message) }; }

    [[nodiscard]] bool isOk() const { return !m_error.has_value(); }
    explicit operator bool() const { return isOk(); }
    /// Why not; only when !isOk().
    [[nodiscard]] const Error &error() const { return *m_error; }
    /// The sentence saying why not; empty when done.
    [[nodiscard]] QString message() const { return m_error ? m_error->message : QString(); }

    friend bool operator==(const Status &, const Status &) = default;

private:
    std::optional<Error> m_error;
};

/// A value, or why there is none: the return of an operation that yields a T and may fail.
/// (std::expected is C++23; Fanva builds as C++20 with GCC 12, clang 14 and GCC 14.)
///
///     [[nodiscard]] Result<Entry> entryFromJson(const nlohmann::json &json, const QString &path);
///
///     const Result<Entry> entry = entryFromJson(json, path);
///     if (!entry)
///         return entry.status();     // a failed Result passes on as a Status ...
///     use(*entry);                   // ... or as another Result: `return entry.error();`
template<typename T> class [[nodiscard]] Result
{
public:
    Result(T value) // NOLINT(google-explicit-constructor): `return value;` is the idiom
        : m_data(std::in_place_index<0>, std::move(value))
    { }
    Result(Error error) // NOLINT(google-explicit-constructor): `return Error { … };` is the idiom
        : m_data(std::in_place_index<1>, std::move(error))
    { }

    [[nodiscard]] bool isOk() const { return m_data.index() == 0; }
    explicit operator bool() const { return isOk(); }

    /// The value; only when isOk().
    [[nodiscard]] const T &value() const & { return std::get<0>(m_data); }
    [[nodiscard]] T &value() & { return std::get<0>(m_data); }
    [[nodiscard]] T &&value() && { return std::get<0>(std::move(m_data)); }
    [[nodiscard]] const T &operator*() const & { return value(); }
    [[nodiscard]] T &operator*() & { return value(); }
    [[nodiscard]] T &&operator*() && { return std::move(*this).value(); }
    [[nodiscard]] const T *operator->() const { return &value(); }
    [[nodiscard]] T *operator->() { return &value(); }
    /// The value, or `fallback` when there is none.
    [[nodiscard]] T valueOr(T fallback) const { return isOk() ? value() : std::move(fallback); }

    /// Why not; only when !isOk().
    [[nodiscard]] const Error &error() const { return std::get<1>(m_data); }
    /// The sentence saying why not; empty when there is a value.
    [[nodiscard]] QString message() const { return isOk() ? QString() : error().message; }
    /// Done, or the same reason why not, without the value.
    [[nodiscard]] Status status() const { return isOk() ? Status() : Status(error()); }

    friend bool operator==(const Result &, const Result &) = default;

private:
    std::variant<T, Error> m_data;
};

} // namespace fanva
