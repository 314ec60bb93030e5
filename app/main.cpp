#include "mainwindow.h"
#include "version.h"

#include <QApplication>
#include <QCommandLineParser>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(fanva::applicationName());
    QApplication::setApplicationVersion(fanva::version());

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Review knowledge-base text drafted by a language model."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.process(app);

    MainWindow window;
    window.show();
    return QApplication::exec();
}
