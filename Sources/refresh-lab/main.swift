import RefreshLab
