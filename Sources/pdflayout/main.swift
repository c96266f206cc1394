import PDFLayoutCommands

PDFLayout.runAndExit()
