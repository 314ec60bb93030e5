// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QGroupBox>

class QCheckBox;
class QComboBox;
class QSpinBox;
struct ProviderSettings;

namespace fanva::llm {
struct ProviderInfo;
} // namespace fanva::llm

/// Settings ▸ Provider's "Model" group: the largest context a session may use (formalize.md
/// §5) and Anthropic's thinking and effort (providers.md §4).
class ModelKnobsBox final : public QGroupBox
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelKnobsBox)

public:
    explicit ModelKnobsBox(QWidget *parent = nullptr);
    ~ModelKnobsBox() override;

    void load(const ProviderSettings &settings);
    /// Writes the edited knobs into @p settings.
    void store(ProviderSettings &settings) const;
    /// The thinking and effort knobs are enabled only while the provider shown offers them
    /// (ProviderInfo::thinkingKnobs).
    void setProvider(const fanva::llm::ProviderInfo &info);

private:
    QSpinBox *m_contextLimitSpin = nullptr;
    QCheckBox *m_thinkingCheck = nullptr;
    QComboBox *m_effortCombo = nullptr;
};
