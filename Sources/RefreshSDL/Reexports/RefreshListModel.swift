// RefreshSDL draws the list model, and a host that imports RefreshSDL uses its types (RefreshList,
// ShellEvent, Rect, …) without importing it too.
@_exported import RefreshListModel
