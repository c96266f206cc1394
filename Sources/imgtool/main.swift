import CommandSupport
import ImgToolCommands

ImgTool.runAndExit()
