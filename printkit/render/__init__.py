"""Drawing pieces and components with ReportLab. The only layer that knows about PDF."""
