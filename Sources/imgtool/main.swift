import ImgToolCommands

ImgTool.runAndExit()
