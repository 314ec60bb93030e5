#pragma once

#include <QMainWindow>

/// The reviewer's main window: source, attempts and proposal side by side.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;
};
