; The Windows installer of swiss-arbiter (NSIS 3, 64-bit Unicode stub).
; Built by packaging/build-windows.sh, which passes:
;   /DVERSION=0.1.0  /DEXE=path\to\swiss-arbiter.exe  /DOUTFILE=path\to\setup.exe
; and runs makensis from the repository root.
;
; A per-user install, without administrator rights: the program goes to
; %LOCALAPPDATA%\Programs\swiss-arbiter, the Start-menu entry and the .sarb file type
; are the user's own (HKCU). Silent install and uninstall: /S. The arbiter's event files
; and the data folder (%APPDATA%\swiss-arbiter, autosaves and recent files) are never
; touched by the uninstaller.

Unicode true
Target amd64-unicode
RequestExecutionLevel user
SetCompressor /SOLID lzma

!define APP "swiss-arbiter"
!define PROGID "SwissArbiter.Event"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP}"

Name "${APP} ${VERSION}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP}"
InstallDirRegKey HKCU "Software\${APP}" "InstallDir"
BrandingText "${APP} ${VERSION}"

!include "MUI2.nsh"
!define MUI_ICON "assets\icons\swiss-arbiter.ico"
!define MUI_UNICON "assets\icons\swiss-arbiter.ico"
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP}.exe"
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APP}"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${APP}"
VIAddVersionKey "FileDescription" "${APP} installer"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "LegalCopyright" "MIT OR Apache-2.0"

Section "Install"
  SetShellVarContext current
  SetOutPath "$INSTDIR"
  File "/oname=${APP}.exe" "${EXE}"
  File "assets\icons\swiss-arbiter.ico"
  File "/oname=README.md" "README.md"
  SetOutPath "$INSTDIR\help"
  File "assets\help\*.md"
  SetOutPath "$INSTDIR"
  WriteUninstaller "$INSTDIR\Uninstall.exe"
  WriteRegStr HKCU "Software\${APP}" "InstallDir" "$INSTDIR"

  CreateShortcut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\${APP}.exe" "" "$INSTDIR\swiss-arbiter.ico" 0

  ; The .sarb file type opens in the program (the running window takes it, if any).
  WriteRegStr HKCU "Software\Classes\.sarb" "" "${PROGID}"
  WriteRegStr HKCU "Software\Classes\.sarb" "Content Type" "application/x-swiss-arbiter"
  WriteRegStr HKCU "Software\Classes\${PROGID}" "" "swiss-arbiter event"
  WriteRegStr HKCU "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\swiss-arbiter.ico,0"
  WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\${APP}.exe" "%1"'

  ; Apps & features.
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "swiss-arbiter developers"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\swiss-arbiter.ico"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\Uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\Uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1

  ; Explorer picks up the new file type at once.
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  Delete "$INSTDIR\${APP}.exe"
  Delete "$INSTDIR\swiss-arbiter.ico"
  Delete "$INSTDIR\README.md"
  Delete "$INSTDIR\help\*.md"
  RMDir "$INSTDIR\help"
  Delete "$INSTDIR\Uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\${APP}.lnk"

  ; The file type, only while it is still ours.
  ReadRegStr $0 HKCU "Software\Classes\.sarb" ""
  StrCmp $0 "${PROGID}" 0 +2
    DeleteRegKey HKCU "Software\Classes\.sarb"
  DeleteRegKey HKCU "Software\Classes\${PROGID}"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "Software\${APP}"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd
