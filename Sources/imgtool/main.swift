import ImgToolCommands
import ImgToolRuntime
import ToolRuntime

RuntimePolicy.imgtool.apply()
ImgTool.runAndExit()
