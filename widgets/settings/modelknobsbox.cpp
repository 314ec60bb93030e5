// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "settings/modelknobsbox.h"

#include "settings/providersettings.h"

#include "llm/providerinfo.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QSpinBox>

ModelKnobsBox::ModelKnobsBox(QWidget *parent)
    : QGroupBox(tr("Model"), parent)
{
    setObjectName(QStringLiteral("modelKnobsBox"));
    m_contextLimitSpin = new QSpinBox;
    m_contextLimitSpin->setObjectName(QStringLiteral("contextLimitSpin"));
    m_contextLimitSpin->setRange(0, 4 * 1024 * 1024);
    m_contextLimitSpin->setSingleStep(1024);
    m_contextLimitSpin->setGroupSeparatorShown(true);
    m_contextLimitSpin->setSuffix(tr(" tokens"));
    m_contextLimitSpin->setSpecialValueText(tr("no limit"));
    m_contextLimitSpin->setToolTip(tr("The largest context a session may use: caps the context length the model reports "
                                      "(and the memory Ollama reserves for it)"));
    m_thinkingCheck = new QCheckBox(tr("Let Anthropic models &think before answering"));
    m_thinkingCheck->setObjectName(QStringLiteral("thinkingCheck"));
    m_effortCombo = new QComboBox;
    m_effortCombo->setObjectName(QStringLiteral("effortCombo"));
    m_effortCombo->addItem(tr("The model's default"), QString());
    m_effortCombo->addItem(tr("Low"), QStringLiteral("low"));
    m_effortCombo->addItem(tr("Medium"), QStringLiteral("medium"));
    m_effortCombo->addItem(tr("High"), QStringLiteral("high"));
    m_effortCombo->setToolTip(tr("How much effort an Anthropic model spends on each answer"));
    auto *form = new QFormLayout(this);
    form->addRow(tr("Context &limit:"), m_contextLimitSpin);
    form->addRow(m_thinkingCheck);
    form->addRow(tr("&Effort:"), m_effortCombo);
}

ModelKnobsBox::~ModelKnobsBox() = default;

void ModelKnobsBox::load(const ProviderSettings &settings)
{
    m_contextLimitSpin->setValue(settings.contextLimit);
    m_thinkingCheck->setChecked(settings.anthropicThinking);
    m_effortCombo->setCurrentIndex(std::max(0, m_effortCombo->findData(settings.anthropicEffort)));
}

void ModelKnobsBox::store(ProviderSettings &settings) const
{
    settings.contextLimit = m_contextLimitSpin->value();
    settings.anthropicThinking = m_thinkingCheck->isChecked();
    settings.anthropicEffort = m_effortCombo->currentData().toString();
}

void ModelKnobsBox::setProvider(const fanva::llm::ProviderInfo &info)
{
    m_thinkingCheck->setEnabled(info.thinkingKnobs);
    m_effortCombo->setEnabled(info.thinkingKnobs);
}
